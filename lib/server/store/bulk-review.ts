import "server-only";
import { storeDialect, storeWrite } from "./active-database";
import type { SearchFilter, TimeRange, WriteTransaction } from "./database";
import { filterTerms, type FilterViewer } from "./filter-terms";
import { allMatchingKeysSql } from "./filtered-keys";
import { join, sql, toNumber, type Sql } from "./sql";
import { AppError } from "../http/app-error";
import { normalizeSearchQuery } from "@/lib/transcripts/search-text";
import type { ListTranscriptsQuery } from "@/lib/schemas/transcripts";
import type { BulkAction, BulkResult } from "@/lib/schemas/review";

/** The refusal of a bulk action whose set changed since its preview; `matched` is the new count. */
export class BulkCountChanged extends AppError {
  constructor(readonly matched: number) {
    super("CONFLICT", "The matching transcripts changed since the preview; review the new count and confirm again");
  }
}

/**
 * Applies `action` to every transcript the list's filter matches, in one write transaction of a few
 * set-based statements: the matching keys are selected once into a temporary table (as the list
 * selects them), counted, and changed from there, so that nothing outside the filter is touched and
 * the count refused or applied is the one changed. Throws BulkCountChanged when the count is not
 * `expectedCount`. Review writes hold the store's write lock, so two bulk actions never interleave.
 */
export async function applyBulkReview(
  query: Omit<ListTranscriptsQuery, "page" | "limit">,
  viewer: FilterViewer,
  action: BulkAction,
  expectedCount: number,
): Promise<BulkResult> {
  const filter: SearchFilter = { search: normalizeSearchQuery(query.search), sessionId: query.sessionId };
  const range: TimeRange = { startMs: query.startTime.getTime(), endMs: query.endTime.getTime() };
  const keys = await allMatchingKeysSql(filter, range, filterTerms(query, viewer));
  const { bulkKeys: keysTable } = storeDialect();
  return storeWrite(async (tx) => {
    for (const statement of keysTable.create) await tx.execute(statement);
    await tx.execute(sql`INSERT INTO "BulkKeys" ("sortKey") SELECT "sortKey" FROM (${keys}) k`);
    const matched = await countOf(tx, sql`SELECT count(*) AS "n" FROM "BulkKeys"`);
    if (matched !== expectedCount) throw new BulkCountChanged(matched);
    const changed = await applyAction(tx, action, viewer.userId);
    for (const statement of keysTable.release) await tx.execute(statement);
    return { matched, changed };
  });
}

async function countOf(tx: WriteTransaction, statement: Sql): Promise<number> {
  const [row] = await tx.query<{ n: unknown }>(statement);
  return toNumber(row?.n);
}

const bulkKeys = sql`(SELECT "sortKey" FROM "BulkKeys")`;

/** Changes the review rows of the keys of "BulkKeys"; the number of transcripts changed. */
async function applyAction(tx: WriteTransaction, action: BulkAction, actorId: string): Promise<number> {
  const now = new Date();
  if (action.status !== undefined || action.assigneeId !== undefined) {
    const column = action.status !== undefined ? sql`"status"` : sql`"assigneeId"`;
    const value = action.status !== undefined ? action.status : action.assigneeId!;
    // The value a transcript without a review row has: unreviewed, nobody.
    const isDefault = action.status !== undefined ? value === "unreviewed" : value === null;
    const differs = value === null ? sql`r.${column} IS NOT NULL` : sql`(r.${column} IS NULL OR r.${column} <> ${value})`;
    const changedWithRow = await countOf(
      tx,
      sql`SELECT count(*) AS "n" FROM "TranscriptReview" r WHERE r."sortKey" IN ${bulkKeys} AND ${differs}`,
    );
    await tx.execute(
      sql`UPDATE "TranscriptReview" SET ${column} = ${value}, "updatedById" = ${actorId}, "updatedAt" = ${now}
        WHERE "sortKey" IN ${bulkKeys} AND ${value === null ? sql`${column} IS NOT NULL` : sql`(${column} IS NULL OR ${column} <> ${value})`}`,
    );
    if (isDefault) return changedWithRow;
    const missing = sql`FROM "BulkKeys" k WHERE NOT EXISTS (SELECT 1 FROM "TranscriptReview" r WHERE r."sortKey" = k."sortKey")`;
    const added = await countOf(tx, sql`SELECT count(*) AS "n" ${missing}`);
    await tx.execute(
      sql`INSERT INTO "TranscriptReview" ("sortKey", ${column}, "updatedById", "updatedAt") SELECT k."sortKey", ${value}, ${actorId}, ${now} ${missing}`,
    );
    return changedWithRow + added;
  }
  if (action.addTagIds !== undefined) {
    const tags = join(action.addTagIds, ", ");
    const lacking = sql`FROM "BulkKeys" k CROSS JOIN "Tag" g WHERE g."id" IN (${tags})
      AND NOT EXISTS (SELECT 1 FROM "TranscriptTag" tt WHERE tt."tagId" = g."id" AND tt."sortKey" = k."sortKey")`;
    const changed = await countOf(tx, sql`SELECT count(DISTINCT k."sortKey") AS "n" ${lacking}`);
    await tx.execute(sql`INSERT INTO "TranscriptTag" ("tagId", "sortKey", "createdAt") SELECT g."id", k."sortKey", ${now} ${lacking}`);
    return changed;
  }
  const tags = join(action.removeTagIds!, ", ");
  const held = sql`FROM "TranscriptTag" WHERE "tagId" IN (${tags}) AND "sortKey" IN ${bulkKeys}`;
  const changed = await countOf(tx, sql`SELECT count(DISTINCT "sortKey") AS "n" ${held}`);
  await tx.execute(sql`DELETE ${held}`);
  return changed;
}
