// GET /api/sources — signed-in users: every source's id and name (nothing else of it), to filter
// the transcripts by and to name where one came from.
import { route } from "@/lib/server/http/route";
import { listSourceNames } from "@/lib/server/sources/manage-sources";

export const GET = route({ access: "user" }, async () => listSourceNames());
