import "server-only";
import { setImmediate as nextTurnOfEventLoop } from "node:timers/promises";
import { LRUCache } from "lru-cache";
import { storeRead } from "./active-database";
import { join, sql, toIso, toNumber } from "./sql";
import { messageText } from "@/lib/transcripts/message-text";
import { storedDialog } from "@/lib/transcripts/stored-source";
import { turnsOf } from "@/lib/transcripts/turns";
import { searchSnippet } from "@/lib/transcript-view/search-matches";

// A listed transcript's snippet for a search (lib/transcript-view/search-matches.ts) is worked out
// from the transcript as stored, normalised again: about a tenth of a millisecond a row, and the
// stored text must be read too, which pages of 100 rows and many users paging through the same
// searches make a large part of a server's work. So each is worked out once per search and
// version of the transcript (every write of it renews its receivedAt; its size in bytes tells apart
// two writes in the same millisecond), kept while recently used, and only the transcripts missing
// from it are read.

/** Snippets kept per process: one is a few hundred bytes. */
const MAX_SNIPPETS = 10_000;

/** A transcript's snippet for a search; null where its turns do not hold the search. */
interface KnownSnippet {
  snippet: string | null;
}

const globalForSnippets = globalThis as unknown as { searchSnippets?: LRUCache<string, KnownSnippet> };
const snippets = (globalForSnippets.searchSnippets ??= new LRUCache<string, KnownSnippet>({ max: MAX_SNIPPETS }));

/**
 * How long snippets are worked out in one turn of the event loop before the other requests get
 * theirs. Each means parsing a stored transcript again; a page of 100 of them, for each of several
 * searches answered at once, would otherwise hold up every other request (and the health check)
 * for the whole of that work. A slice of time, not a count: under load every turn given up waits
 * for all the others, so a page that gave one up every few snippets took seconds.
 */
const SNIPPET_SLICE_MS = 4;

/**
 * The columns of a list row ("Transcript" t) that tell which version of its transcript it shows.
 * The size in bytes, not the length in characters: both databases read it from the value's
 * header, without reading (PostgreSQL: decompressing) the stored transcript.
 */
export const VERSION_COLUMNS = sql`t."receivedAt", octet_length(t."source") AS "sourceBytes"`;

export interface VersionedRow {
  id: string;
  sessionId: string;
  receivedAt: unknown;
  sourceBytes: unknown;
}

/**
 * Where each transcript holds the (folded) search, in the texts of its turns that the search
 * reads, by id; null for one whose turns do not hold it.
 */
export async function snippetsOf(rows: readonly VersionedRow[], search: string): Promise<Map<string, string | null>> {
  const keyOf = (row: VersionedRow) => `${search}\n${row.id}\n${toIso(row.receivedAt)}\n${toNumber(row.sourceBytes)}`;
  const found = new Map<string, string | null>();
  const missing: { row: VersionedRow; key: string }[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    const cached = snippets.get(key);
    if (cached === undefined) missing.push({ row, key });
    else found.set(row.id, cached.snippet);
  }
  if (missing.length === 0) return found;
  const sources = await storeRead<{ id: string; source: string }>(
    sql`SELECT "id", "source" FROM "Transcript" WHERE "id" IN (${join(missing.map(({ row }) => row.id))})`,
  );
  const sourceOf = new Map(sources.map((row) => [row.id, row.source]));
  let sliceStarted = performance.now();
  for (const { row, key } of missing) {
    if (performance.now() - sliceStarted >= SNIPPET_SLICE_MS) {
      await nextTurnOfEventLoop();
      sliceStarted = performance.now();
    }
    const source = sourceOf.get(row.id);
    // Deleted since the page was read: it shows no snippet.
    if (source === undefined) continue;
    const turns = turnsOf(storedDialog(source, { id: row.id, sessionId: row.sessionId }));
    const snippet = searchSnippet(
      turns.flatMap((turn) => messageText(turn) ?? []),
      search,
    );
    snippets.set(key, { snippet });
    found.set(row.id, snippet);
  }
  return found;
}
