// GET /api/admin/users — administrators: every user.
import { route } from "@/lib/server/http/route";
import { listUsers } from "@/lib/server/users/list-users";

export const GET = route({ access: "admin" }, async () => listUsers());
