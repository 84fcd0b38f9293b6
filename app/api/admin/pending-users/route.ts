// GET /api/admin/pending-users — administrators: users awaiting approval.
import { route } from "@/lib/server/http/route";
import { listPendingUsers } from "@/lib/server/users/list-users";

export const GET = route({ access: "admin" }, async () => listPendingUsers());
