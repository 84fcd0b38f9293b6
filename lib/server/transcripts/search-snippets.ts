import "server-only";
import { storeQuery } from "./store-connection";
import { join, sql, toIso, toNumber } from "./sql";
import { RecentlyUsedMap } from "../recently-used-map";
import { messageText } from "@/lib/transcripts/message-text";
import { storedDialog } from "@/lib/transcripts/stored-source";
import { turnsOf } from "@/lib/transcripts/turns";
import { searchSnippet } from "@/lib/transcript-view/search-matches";

// A listed transcript's snippet for a search (lib/transcript-view/search-matches.ts) is worked out
// from the transcript as stored, normalised again: about a tenth of a millisecond a row, and the
// stored text must be read too, which pages of 100 rows and many users paging through the same
// searches make a large part of a server's work. So each is worked out once per search and
// version of the transcript (every write of it renews its receivedAt; its length tells apart two
// writes in the same millisecond), kept while recently used, and only the transcripts missing
// from it are read.

/** Snippets kept per process: one is a few hundred bytes. */
const MAX_SNIPPETS = 10_000;

const globalForSnippets = globalThis as unknown as { searchSnippets?: RecentlyUsedMap<string, string | null> };
const snippets = (globalForSnippets.searchSnippets ??= new RecentlyUsedMap(MAX_SNIPPETS));

/** The columns of a list row that tell which version of its transcript it shows. */
export const VERSION_COLUMNS = sql`"receivedAt", length("source") AS "sourceLength"`;

export interface VersionedRow {
  id: string;
  sessionId: string;
  receivedAt: unknown;
  sourceLength: unknown;
}

/**
 * Where each transcript holds the (folded) search, in the texts of its turns that the search
 * reads, by id; null for one whose turns do not hold it.
 */
export async function snippetsOf(rows: readonly VersionedRow[], search: string): Promise<Map<string, string | null>> {
  const keyOf = (row: VersionedRow) => `${search}\n${row.id}\n${toIso(row.receivedAt)}\n${toNumber(row.sourceLength)}`;
  const found = new Map<string, string | null>();
  const missing: { row: VersionedRow; key: string }[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    const cached = snippets.get(key);
    if (cached === undefined) {
      missing.push({ row, key });
    } else {
      snippets.remember(key, cached);
      found.set(row.id, cached);
    }
  }
  if (missing.length === 0) return found;
  const sources = await storeQuery<{ id: string; source: string }>(sql`SELECT "id", "source" FROM "Transcript" WHERE "id" IN (${join(missing.map(({ row }) => row.id))})`);
  const sourceOf = new Map(sources.map((row) => [row.id, row.source]));
  for (const { row, key } of missing) {
    const source = sourceOf.get(row.id);
    // Deleted since the page was read: it shows no snippet.
    if (source === undefined) continue;
    const turns = turnsOf(storedDialog(source, { id: row.id, sessionId: row.sessionId }));
    const snippet = searchSnippet(
      turns.flatMap((turn) => messageText(turn) ?? []),
      search,
    );
    snippets.remember(key, snippet);
    found.set(row.id, snippet);
  }
  return found;
}
