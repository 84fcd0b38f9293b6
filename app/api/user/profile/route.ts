// GET /api/user/profile — the caller's {id, email, name, createdAt, pendingEmail}.
// PATCH /api/user/profile — {email?, name?, currentPassword?} -> the profile as it now is; a new
// e-mail needs the current password, and with SMTP waits for its confirmation link ({message} says so).
import { route } from "@/lib/server/http/route";
import { profileUpdateSchema } from "@/lib/schemas/users";
import { getProfile, updateProfile } from "@/lib/server/users/profile";

export const GET = route({ access: "user" }, async ({ user }) => getProfile({ actor: user }));

export const PATCH = route({ access: "user", body: profileUpdateSchema }, async ({ req, user, body }) =>
  updateProfile({ actor: user, changes: body, origin: req.nextUrl.origin }),
);
