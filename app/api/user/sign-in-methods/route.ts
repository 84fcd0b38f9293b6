// GET /api/user/sign-in-methods — signed-in users: the configured single sign-on providers, each
// connected to the caller's account or not, and whether the account has a usable password.
import { route } from "@/lib/server/http/route";
import { listSignInMethods } from "@/lib/server/auth/sign-in-methods";

export const GET = route({ access: "user" }, async ({ user }) => listSignInMethods({ actor: user }));
