import "server-only";
import { db } from "../db";
import { AppError, notFound } from "../http/app-error";
import type { SessionUser } from "../auth/session";
import { personOf, PERSON_FIELDS } from "./people";
import type { SavedViewItem } from "@/lib/schemas/review";

export const VIEW_NOT_FOUND = "View not found";

type ViewRow = {
  id: string;
  name: string;
  shared: boolean;
  query: string;
  ownerId: string;
  createdAt: Date;
  owner: { id: string; email: string; name: string | null };
};

function toViewItem(view: ViewRow, viewer: SessionUser): SavedViewItem {
  return {
    id: view.id,
    name: view.name,
    shared: view.shared,
    query: view.query,
    owner: personOf(view.owner),
    canDelete: view.ownerId === viewer.id || (view.shared && viewer.isAdmin),
    createdAt: view.createdAt.toISOString(),
  };
}

/** GET /api/views: the caller's own views and every shared one, by name. */
export async function listViews(viewer: SessionUser): Promise<SavedViewItem[]> {
  const views = await db.savedView.findMany({
    where: { OR: [{ ownerId: viewer.id }, { shared: true }] },
    include: { owner: PERSON_FIELDS },
    orderBy: [{ name: "asc" }, { createdAt: "asc" }],
  });
  return views.map((view) => toViewItem(view, viewer));
}

/** POST /api/views: any approved user; a leading "?" of the query is dropped. */
export async function createView(input: { name: string; shared: boolean; query: string }, viewer: SessionUser): Promise<SavedViewItem> {
  const view = await db.savedView.create({
    data: { ownerId: viewer.id, name: input.name, shared: input.shared, query: input.query.replace(/^\?/, "") },
    include: { owner: PERSON_FIELDS },
  });
  return toViewItem(view, viewer);
}

/** DELETE /api/views/{id}: its owner, or an administrator for a shared view. Another's private view is NOT_FOUND. */
export async function deleteView(id: string, viewer: SessionUser): Promise<void> {
  const view = await db.savedView.findUnique({ where: { id } });
  if (!view || (!view.shared && view.ownerId !== viewer.id)) throw notFound(VIEW_NOT_FOUND);
  if (view.ownerId !== viewer.id && !viewer.isAdmin)
    throw new AppError("FORBIDDEN", "Only its owner or an administrator can delete a shared view");
  await db.savedView.delete({ where: { id } });
}
