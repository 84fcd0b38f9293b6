import "server-only";
import { activeDatabase } from "./active-database";
import type { StoredText, WriteTransaction } from "./database";
import { int, join, sql, toNumber } from "./sql";
import { wordsOfTexts, type TextsWords } from "./search-words";

// The word list (SearchWord) holds the words the stored texts hold, and no other: a word leaves it
// in the transaction that deletes or replaces the last text holding it, so that a value erased or
// redacted leaves no trace in the search index. Only texts deleted or replaced bring words to check
// (an import of new transcripts has none). Each database checks its candidates through its own
// word index (unlistWordsNotHeld in sqlite/word-index.ts and postgres/word-index.ts); the writers'
// lock keeps any other write from storing a text with one of them between the check and the removal.
// Removing a word changes no text, so no day's version changes: the word matched no stored text, and
// every cached count stays what a count would find.

/** Keys per lookup of stored texts. */
const KEY_BATCH_SIZE = 2000;
/** The newest texts whose words are known held before any lookup in a word index. */
const SAMPLE_TEXTS = 500;
/** Fewer candidates than this are looked up directly: reading the sample would cost more. */
const SAMPLE_FROM = 256;

/** The search texts stored now at these keys (none for a key without one). */
export async function storedTextsAt(tx: WriteTransaction, sortKeys: readonly number[]): Promise<StoredText[]> {
  const texts: StoredText[] = [];
  for (let start = 0; start < sortKeys.length; start += KEY_BATCH_SIZE) {
    const keys = sortKeys.slice(start, start + KEY_BATCH_SIZE).map((key) => BigInt(key));
    const rows = await tx.query<{ sortKey: unknown; text: string }>(sql`
      SELECT "sortKey", "text" FROM "TranscriptText" WHERE "sortKey" IN (${join(keys)})`);
    for (const row of rows) texts.push({ sortKey: toNumber(row.sortKey), text: row.text });
  }
  return texts;
}

/**
 * The words replaced texts held that the texts replacing them lack: for each replacement, the text
 * stored before, the text written, and the position of the latter among `words` (the words of the
 * texts written). An unchanged text brings none.
 */
export function wordsTheReplacementsLack(
  replacements: readonly { before: string; after: string; position: number }[],
  words: TextsWords,
): string[] {
  const changed = replacements.filter(({ before, after }) => before !== after);
  const old = wordsOfTexts(changed.map(({ before }) => before));
  const lacking = new Set<string>();
  changed.forEach(({ position }, index) => {
    const now = new Set<string>();
    for (let k = words.starts[position]; k < words.starts[position + 1]; k++) now.add(words.words[words.positions[k]]);
    for (let k = old.starts[index]; k < old.starts[index + 1]; k++) {
      const word = old.words[old.positions[k]];
      if (!now.has(word)) lacking.add(word);
    }
  });
  return [...lacking];
}

/**
 * Within a write transaction that deleted or replaced texts holding these words, after it did:
 * unlists those no stored text holds any longer. The words of the newest texts are held, which
 * spares the word index a lookup for most common words; the others are checked there.
 */
export async function unlistWordsNoLongerHeld(tx: WriteTransaction, words: readonly string[]): Promise<void> {
  let candidates = words;
  if (candidates.length >= SAMPLE_FROM) {
    const newest = await tx.query<{ text: string }>(
      sql`SELECT "text" FROM "TranscriptText" ORDER BY "sortKey" DESC LIMIT ${int(SAMPLE_TEXTS)}`,
    );
    const held = new Set(wordsOfTexts(newest.map((row) => row.text)).words);
    candidates = candidates.filter((word) => !held.has(word));
  }
  if (candidates.length > 0) await activeDatabase().unlistWordsNotHeld(tx, candidates);
}
