import "server-only";
import { db } from "../db";
import { AppError, notFound } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { SessionUser } from "../auth/session";
import { TAG_NOT_FOUND } from "./update-transcript-review";
import { compareTags } from "@/lib/format/tag-order";
import type { TagItem } from "@/lib/schemas/review";

const TAG_FIELDS = { id: true, name: true, color: true } as const;
const NAME_TAKEN = "A tag with this name exists";

/** GET /api/tags: every tag, by name (compareTags). Approved users. */
export async function listTags(): Promise<TagItem[]> {
  return (await db.tag.findMany({ select: TAG_FIELDS })).sort(compareTags);
}

async function assertNameFree(name: string, exceptId?: string): Promise<void> {
  const other = await db.tag.findUnique({ where: { name }, select: { id: true } });
  if (other && other.id !== exceptId) throw new AppError("CONFLICT", NAME_TAKEN);
}

/** POST /api/tags: administrators. */
export async function createTag(input: { name: string; color: string }, actor: SessionUser): Promise<TagItem> {
  await assertNameFree(input.name);
  return db.$transaction(async (tx) => {
    const tag = await tx.tag.create({ data: input, select: TAG_FIELDS });
    await recordAuditEvent(tx, { actor, action: "tag.create", targetType: "tag", targetId: tag.id, targetLabel: tag.name, details: input });
    return tag;
  });
}

/** PATCH /api/tags/{id}: administrators. A rename shows on every transcript at once (they hold the id). */
export async function updateTag(id: string, input: { name?: string; color?: string }, actor: SessionUser): Promise<TagItem> {
  const before = await db.tag.findUnique({ where: { id }, select: TAG_FIELDS });
  if (!before) throw notFound(TAG_NOT_FOUND);
  if (input.name !== undefined) await assertNameFree(input.name, id);
  return db.$transaction(async (tx) => {
    const tag = await tx.tag.update({ where: { id }, data: input, select: TAG_FIELDS });
    await recordAuditEvent(tx, {
      actor,
      action: "tag.update",
      targetType: "tag",
      targetId: id,
      targetLabel: tag.name,
      details: { from: { name: before.name, color: before.color }, to: { name: tag.name, color: tag.color } },
    });
    return tag;
  });
}

/** DELETE /api/tags/{id}: administrators. Removed from every transcript with it (foreign key cascade). */
export async function deleteTag(id: string, actor: SessionUser): Promise<void> {
  const tag = await db.tag.findUnique({ where: { id }, select: { ...TAG_FIELDS, _count: { select: { transcripts: true } } } });
  if (!tag) throw notFound(TAG_NOT_FOUND);
  await db.$transaction(async (tx) => {
    await tx.tag.delete({ where: { id } });
    await recordAuditEvent(tx, {
      actor,
      action: "tag.delete",
      targetType: "tag",
      targetId: id,
      targetLabel: tag.name,
      details: { transcripts: tag._count.transcripts },
    });
  });
}
