import "server-only";
import { db } from "../db";
import { erasedIdsAmong } from "../store";

// The ids of the transcripts erased on request (ErasedTranscript): the platform's ids, which are no
// personal data, and when. Every way in reads them to refuse a transcript the platform sends again.

/** Ids per statement: well below both databases' limits on bound values. */
const IDS_PER_STATEMENT = 1_000;

function* chunks(ids: readonly string[]): Generator<string[]> {
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) yield ids.slice(start, start + IDS_PER_STATEMENT);
}

/**
 * Which of these ids were erased on request. Every batch a way in stores is looked up twice
 * (saveAdmittedTranscripts): a read of the table's primary key on the store's connections
 * (erasedIdsAmong), which costs this thread a fraction of what Prisma's query compiler would.
 */
export async function erasedAmong(ids: readonly string[]): Promise<Set<string>> {
  const erased = new Set<string>();
  for (const chunk of chunks([...new Set(ids)])) {
    for (const id of await erasedIdsAmong(chunk)) erased.add(id);
  }
  return erased;
}

/**
 * Remembers ids as erased on request; ids already remembered keep their first time. An id another
 * erasure records at the same moment makes the chunk's insert fail on the key, and the chunk is
 * taken again without it.
 */
export async function recordErasedTranscripts(ids: readonly string[], erasedAt: Date): Promise<void> {
  for (const chunk of chunks([...new Set(ids)])) {
    for (;;) {
      const known = await erasedAmong(chunk);
      const fresh = chunk.filter((id) => !known.has(id));
      if (fresh.length === 0) break;
      try {
        await db.erasedTranscript.createMany({ data: fresh.map((id) => ({ id, erasedAt })) });
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== "P2002") throw error;
      }
    }
  }
}
