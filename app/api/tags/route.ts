// GET /api/tags — approved users: every tag [{id, name, color}], by name.
// POST /api/tags {name, color} — administrators: the tag (201); 409 when the name is taken.
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { createTagSchema } from "@/lib/schemas/review";
import { createTag, listTags } from "@/lib/server/review/manage-tags";

export const GET = route({ access: "user" }, async () => listTags());

export const POST = route({ access: "admin", body: createTagSchema }, async ({ body, user }) =>
  NextResponse.json(await createTag(body, user), { status: 201 }),
);
