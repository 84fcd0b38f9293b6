// POST /api/auth/confirm-email — {token} -> {message}: the link of a registration or of a new
// e-mail address, used once; 400 for an invalid, used or expired link.
import { route } from "@/lib/server/http/route";
import { confirmEmailSchema } from "@/lib/schemas/auth";
import { confirmEmail } from "@/lib/server/users/confirm-email";

export const POST = route({ access: "public", body: confirmEmailSchema }, async ({ body }) => confirmEmail(body));
