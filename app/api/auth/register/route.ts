// POST /api/auth/register — {email, password} -> 201 {message}; the account awaits approval.
import { route, json } from "@/lib/server/http/route";
import { registerSchema } from "@/lib/schemas/auth";
import { registerUser } from "@/lib/server/users/register-user";

export const POST = route({ access: "public", body: registerSchema }, async ({ body }) => json(await registerUser(body), 201));
