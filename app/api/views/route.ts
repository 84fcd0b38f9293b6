// GET /api/views — approved users: their own views and every shared one.
// POST /api/views {name, shared, query} — approved users: the view (201).
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { createViewSchema } from "@/lib/schemas/review";
import { createView, listViews } from "@/lib/server/review/manage-views";

export const GET = route({ access: "user" }, async ({ user }) => listViews(user));

export const POST = route({ access: "user", body: createViewSchema }, async ({ body, user }) =>
  NextResponse.json(await createView(body, user), { status: 201 }),
);
