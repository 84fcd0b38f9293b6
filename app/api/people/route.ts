// GET /api/people — approved users: everyone a transcript can be assigned to [{id, email, name}],
// by name (hand a conversation to a colleague).
import { route } from "@/lib/server/http/route";
import { listAssignablePeople } from "@/lib/server/review/people";

export const GET = route({ access: "user" }, async () => listAssignablePeople());
