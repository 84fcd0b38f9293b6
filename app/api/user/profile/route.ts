// GET /api/user/profile — the caller's {id, email, name, createdAt}.
// PATCH /api/user/profile — {email?, name?} -> the updated profile.
import { route } from "@/lib/server/http/route";
import { profileUpdateSchema } from "@/lib/schemas/users";
import { getProfile, updateProfile } from "@/lib/server/users/profile";

export const GET = route({ access: "user" }, async ({ user }) => getProfile({ actor: user }));

export const PATCH = route({ access: "user", body: profileUpdateSchema }, async ({ user, body }) =>
  updateProfile({ actor: user, changes: body }),
);
