import "server-only";
import { storeRead } from "./active-database";
import type { SearchFilter, TimeRange } from "./database";
import { filterTerms, type FilterViewer } from "./filter-terms";
import { allMatchingKeysSql, keyIn } from "./filtered-keys";
import { int, join, sql, toIso, toNumber, type Sql } from "./sql";
import type { DetailRow } from "./get-transcript";
import { optionalAttributes } from "./transcript-row";
import { LISTED_ANNOTATION_COLUMNS, LISTED_ANNOTATION_JOINS, listedAnnotationsOf, type ListedAnnotationRow } from "./review-columns";
import { normalizeSearchQuery } from "@/lib/transcripts/search-text";
import { storedDialog } from "@/lib/transcripts/stored-source";
import type { ListTranscriptsQuery } from "@/lib/schemas/transcripts";
import type { ConversationSource } from "@/lib/export/conversations-export";

/** A transcript with everything the export with conversations carries of it. */
export type StoredConversation = ConversationSource;

type ConversationRow = ListedAnnotationRow & DetailRow;

/**
 * Every transcript the list's filter matches, in the list's order (newest first), a page of at most
 * `pageSize` at a time: each page is found after the last key of the one before (a key range, so a
 * page costs the same at any depth) and read whole, review, notes and ratings included. Nothing is
 * read before the caller asks for the next page, so a caller that stops stops the reads. Signed-in users.
 */
export async function* conversationPages(
  query: Omit<ListTranscriptsQuery, "page" | "limit">,
  viewer: FilterViewer,
  pageSize: number,
): AsyncGenerator<StoredConversation[], void, undefined> {
  const filter: SearchFilter = { search: normalizeSearchQuery(query.search), sessionId: query.sessionId };
  const range: TimeRange = { startMs: query.startTime.getTime(), endMs: query.endTime.getTime() };
  const keys = await allMatchingKeysSql(filter, range, filterTerms(query, viewer));
  const scansTexts = filter.search !== null;
  let after: number | null = null;
  for (;;) {
    const below: Sql = after === null ? sql`` : sql` WHERE k."sortKey" < ${int(after)}`;
    const page: { sortKey: unknown }[] = await storeRead<{ sortKey: unknown }>(
      sql`SELECT k."sortKey" FROM (${keys}) k${below} ORDER BY k."sortKey" DESC LIMIT ${int(pageSize)}`,
      { scansTexts },
    );
    if (page.length === 0) return;
    const pageKeys: number[] = page.map((row) => toNumber(row.sortKey));
    yield await conversationsOfKeys(pageKeys);
    if (page.length < pageSize) return;
    after = pageKeys[pageKeys.length - 1];
  }
}

/** The conversations of the keys, newest first: their rows, then their tags, notes and ratings. */
async function conversationsOfKeys(keys: number[]): Promise<StoredConversation[]> {
  const rows = await storeRead<ConversationRow>(
    sql`SELECT t."id", t."sessionId", t."createdAt", t."updatedAt", t."device", t."os", t."browser", t."source", t."origin",
      t."sortKey", ${LISTED_ANNOTATION_COLUMNS} FROM "Transcript" t ${LISTED_ANNOTATION_JOINS}
      WHERE ${keyIn(sql`t."sortKey"`, keys)} ORDER BY t."sortKey" DESC`,
  );
  const ids = rows.map((row) => row.id);
  const [annotations, notes, ratings] = await Promise.all([listedAnnotationsOf(rows), notesOf(keys), ratingsOf(ids)]);
  return rows.map((row) => {
    const key = toNumber(row.sortKey);
    return {
      id: row.id,
      sessionId: row.sessionId,
      createdAt: toIso(row.createdAt),
      updatedAt: toIso(row.updatedAt),
      origin: row.origin,
      ...optionalAttributes(row),
      dialog: storedDialog(row.source, { id: row.id, sessionId: row.sessionId }),
      ...annotations.get(key)!,
      notes: notes.get(key) ?? [],
      ratings: ratings.get(row.id) ?? [],
    };
  });
}

/** The notes of the keys, by key, each transcript's oldest first. */
async function notesOf(keys: number[]): Promise<Map<number, StoredConversation["notes"]>> {
  const rows = await storeRead<{ sortKey: unknown; body: string; createdAt: unknown; authorEmail: string | null }>(
    sql`SELECT n."sortKey", n."body", n."createdAt", au."email" AS "authorEmail" FROM "TranscriptNote" n
      LEFT JOIN "User" au ON au."id" = n."authorId" WHERE ${keyIn(sql`n."sortKey"`, keys)} ORDER BY n."sortKey", n."createdAt", n."id"`,
  );
  return groupBy(
    rows,
    (row) => toNumber(row.sortKey),
    (row) => ({ authorEmail: row.authorEmail, createdAt: toIso(row.createdAt), body: row.body }),
  );
}

/** The ratings of the transcripts, by id, each transcript's by message index, then oldest first. */
async function ratingsOf(ids: string[]): Promise<Map<string, StoredConversation["ratings"]>> {
  if (ids.length === 0) return new Map();
  const rows = await storeRead<{
    transcriptId: string;
    messageIndex: unknown;
    feedbackType: string;
    comment: string | null;
    userEmail: string | null;
  }>(
    sql`SELECT f."transcriptId", f."messageIndex", f."feedbackType", f."comment", u."email" AS "userEmail" FROM "Feedback" f
      LEFT JOIN "User" u ON u."id" = f."userId" WHERE f."transcriptId" IN (${join(ids.map(textValue), ", ")})
      ORDER BY f."transcriptId", f."messageIndex", f."createdAt", f."id"`,
  );
  return groupBy(
    rows,
    (row) => row.transcriptId,
    (row) => ({ messageIndex: toNumber(row.messageIndex), userEmail: row.userEmail, feedbackType: row.feedbackType, comment: row.comment }),
  );
}

const textValue = (value: string): Sql => sql`${value}`;

function groupBy<Row, Key, Item>(rows: readonly Row[], keyOf: (row: Row) => Key, itemOf: (row: Row) => Item): Map<Key, Item[]> {
  const groups = new Map<Key, Item[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(itemOf(row));
    else groups.set(key, [itemOf(row)]);
  }
  return groups;
}
