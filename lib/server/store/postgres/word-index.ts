import "server-only";
import type { StoreReader, WriteTransaction } from "../database";
import { isWholeQueryWord, listedWords } from "../listed-words";
import { integerArrayLiteral, join, sql, type Sql } from "../sql";
import { UNLISTED_WORD_ID, isLongWord, queryWords, type QueryWord, type TextsWords } from "../search-words";
import { characterLength, TRIGRAM_MIN_LENGTH } from "@/lib/transcripts/search-text";
import { denseMasks } from "./dense-bits";
import { holdsDenseWords } from "./dense-columns";

// PostgreSQL lists every word a stored text holds in SearchWord, and finds the texts holding a
// search through TranscriptText.words, which holds the ids of its text's words (GIN-indexed) but
// those of its dense (common) words, which its bits hold instead (dense-words.ts): the candidates
// hold, for every query word, one of the listed words that can hold it, one of its dense words by
// its bit, any other by its id. Texts marked UNLISTED_WORD_ID hold a word that is not listed (too
// long) and are always tested. A single word is matched exactly (a word holding it is in the text,
// so the text holds it); any other query is confirmed by testing the text itself. Dense words are
// left out of the index because they would make most of its entries; a text stored before its word
// became dense keeps that word's id, which only duplicates its bit.

/** For each query word that narrows the search, the listed words that can hold it. */
export interface GinWordMatch {
  wordSets: ListedWordSet[];
  /** Whether holding those words proves the text holds the query (texts with long words aside). */
  exact: boolean;
  /** A single word matched exactly, some of whose listed words are dense: how to count it from their bits. */
  dense: DenseSplit | null;
}

/**
 * The listed words that can hold a query word: the ids of those found through the word index (with
 * UNLISTED_WORD_ID), and the masks of the bits of the dense ones (null when none is dense).
 */
export interface ListedWordSet {
  ids: number[];
  denseMasks: bigint[] | null;
}

/** The listed words of a query word split into the dense ones (as masks of their bits) and the others. */
export interface DenseSplit {
  masks: bigint[];
  otherIds: number[];
  /** The bit of the query word itself when it is a dense word whose days are counted (dense-day-counts.ts). */
  ownBit: number | null;
}

/**
 * The word index's answer for a folded query, or null when it cannot narrow the search (a query
 * under three characters, only separators, or only words found in too many listed words).
 */
export async function matchWords(query: string, read: StoreReader): Promise<GinWordMatch | null> {
  if (characterLength(query) < TRIGRAM_MIN_LENGTH) return null;
  const words = queryWords(query);
  if (words.length === 0) return null;
  const wordSets: ListedWordSet[] = [];
  const exact = isWholeQueryWord(words);
  let dense: DenseSplit | null = null;
  for (const word of words) {
    // Each listed word with its dense bit, if it has one, in the same read: under load a search's
    // latency grows with its number of reads.
    const rows = await listedWords<{ id: number; word: string; bit: number | null; dayCounted: boolean | null }>(
      read,
      listedWordsHolding(word),
      sql`SELECT w."id", w."word", d."bit", d."dayCounted" FROM "SearchWord" w LEFT JOIN "DenseWord" d ON d."wordId" = w."id"`,
    );
    if (rows === null) continue;
    const bits = rows.flatMap((row) => (row.bit === null ? [] : [row.bit]));
    const set: ListedWordSet = {
      ids: [UNLISTED_WORD_ID, ...rows.flatMap((row) => (row.bit === null ? [row.id] : []))],
      denseMasks: bits.length === 0 ? null : denseMasks(bits),
    };
    wordSets.push(set);
    if (exact && set.denseMasks) {
      dense = {
        masks: set.denseMasks,
        otherIds: set.ids,
        ownBit: rows.find((row) => row.word === word.word && row.dayCounted)?.bit ?? null,
      };
    }
  }
  if (wordSets.length === 0) return null;
  return { wordSets, exact, dense };
}

/**
 * Which listed words can hold a query word, or null when no index can tell cheaply: the unique
 * index serves exact words and prefixes (C collation), the reversed words' index suffixes, the
 * trigram index fragments.
 */
function listedWordsHolding({ word, anchoredStart, anchoredEnd }: QueryWord): Sql | null {
  if (anchoredStart && anchoredEnd) return sql`"word" = ${word}`;
  if (anchoredStart) return sql`"word" LIKE ${`${escapeLike(word)}%`}`;
  if (anchoredEnd) return sql`reverse("word") LIKE ${`${escapeLike([...word].reverse().join(""))}%`}`;
  // Inside a word: a trigram search of the list, for three characters or more.
  return characterLength(word) >= TRIGRAM_MIN_LENGTH ? sql`"word" LIKE ${`%${escapeLike(word)}%`}` : null;
}

/** Words hold only letters, digits and non-ASCII characters, but escape LIKE's wildcards anyway. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Whether a match tests the bits of dense words: its texts are then read with their bits, as "d". */
export function matchesDenseWords(match: GinWordMatch): boolean {
  return match.wordSets.some((set) => set.denseMasks !== null);
}

/**
 * The condition on TranscriptText (columns "words" and "text"), and on its bits as "d"
 * where matchesDenseWords, for the texts a match finds.
 */
export function wordMatchCondition(match: GinWordMatch, query: string): Sql {
  const tested = match.exact
    ? sql`(NOT ("words" @> ARRAY[${UNLISTED_WORD_ID}]::integer[]) OR strpos("text", ${query}) > 0)`
    : sql`strpos("text", ${query}) > 0`;
  return sql`${holdsWords(match.wordSets)} AND ${tested}`;
}

/** The texts holding, for every query word, one of the listed words that can hold it. */
function holdsWords(sets: readonly ListedWordSet[]): Sql {
  return join(
    sets.map(({ ids, denseMasks }) => {
      const indexed = sql`"words" && ${ids}::integer[]`;
      return denseMasks ? sql`(${indexed} OR ${holdsDenseWords("d", denseMasks)})` : indexed;
    }),
    " AND ",
  );
}

/** A text's word ids as stored with it (UNLISTED_WORD_ID for its unlisted words), and its words too long to be listed. */
export interface WordsOfText {
  ids: number[];
  longWords: string[];
}

/** A position of TextsWords.words: a long word, or one the database stored under another spelling. */
const LONG = -1;
const RESPELLED = -2;

/**
 * The word ids and long words of each text, listing new words first, with the word of each id and
 * the ids of the words shorter than TRIGRAM_MIN_LENGTH (no search is counted through them). Runs
 * inside the transaction that stores the texts, whose lock keeps writers from listing the same
 * word twice.
 */
export async function wordIdsOfTexts(
  tx: WriteTransaction,
  { words, starts, positions }: TextsWords,
): Promise<{ texts: WordsOfText[]; shortWordIds: Set<number>; wordOfId: Map<number, string> }> {
  const listed = words.filter((word) => !isLongWord(word));
  const ids = new Map<string, number>();
  for (let start = 0; start < listed.length; start += WORD_BATCH_SIZE) {
    // One text of words apart: a space never occurs in a word, and the driver would escape every
    // element of an array.
    const batch = listed.slice(start, start + WORD_BATCH_SIZE).join(" ");
    const rows = await tx.query<{ id: number; word: string }>(sql`
      WITH "given" AS (SELECT unnest(string_to_array(${batch}, ' ')) AS "word"),
      "added" AS (
        INSERT INTO "SearchWord" ("word") SELECT "word" FROM "given" ORDER BY "word"
        ON CONFLICT ("word") DO NOTHING RETURNING "id", "word"
      )
      SELECT "id", "word" FROM "added"
      UNION ALL
      SELECT w."id", w."word" FROM "SearchWord" w JOIN "given" g ON g."word" = w."word"`);
    for (const row of rows) ids.set(row.word, row.id);
  }
  const shortWordIds = new Set<number>();
  const wordOfId = new Map<number, string>();
  for (const [word, id] of ids) {
    wordOfId.set(id, word);
    if (characterLength(word) < TRIGRAM_MIN_LENGTH) shortWordIds.add(id);
  }
  // A word the database stored differently (stored text is well-formed, but should any character
  // still change on its way in) comes back under another spelling: its texts are then marked to be
  // tested directly, like a long word's, rather than lose the match.
  const idOfPosition = Int32Array.from(words, (word) => (isLongWord(word) ? LONG : (ids.get(word) ?? RESPELLED)));
  const texts: WordsOfText[] = [];
  for (let text = 0; text + 1 < starts.length; text++) {
    const list: number[] = [];
    const longWords: string[] = [];
    let unlisted = false;
    for (let k = starts[text]; k < starts[text + 1]; k++) {
      const id = idOfPosition[positions[k]];
      if (id >= 0) list.push(id);
      else {
        unlisted = true;
        if (id === LONG) longWords.push(words[positions[k]]);
      }
    }
    if (unlisted) list.push(UNLISTED_WORD_ID);
    texts.push({ ids: list, longWords });
  }
  return { texts, shortWordIds, wordOfId };
}

/** Words per statement: one text parameter, so the size is bounded by memory only. */
const WORD_BATCH_SIZE = 20_000;

/**
 * From this many candidates on, the GIN index's pending entries (fastupdate) are merged into it
 * before the check: every lookup reads the whole pending list, up to gin_pending_list_limit.
 */
const MERGE_PENDING_FROM = 64;

/**
 * Unlists the words among `words` that no stored text holds: those whose id no text's word ids
 * hold. A dense word stays listed (its texts hold its bit instead of its id, and DenseWord and its
 * day counts refer to it); long words are never listed. A text holding a word the database stored
 * respelled holds UNLISTED_WORD_ID in its place and is found by that whatever the list holds, so the
 * respelled row goes once no text holds its id. Runs inside the write transaction that deleted or
 * replaced the texts that held them; ids are never reused (SERIAL), so no stored id can come to
 * name another word.
 */
export async function unlistWordsNotHeld(tx: WriteTransaction, words: readonly string[]): Promise<void> {
  const listed = words.filter((word) => !isLongWord(word));
  if (listed.length === 0) return;
  // Only the owner of the index may merge it; anyone else's lookups read the pending list instead.
  if (listed.length >= MERGE_PENDING_FROM) {
    await tx.query(sql`
      SELECT gin_clean_pending_list(c."oid") FROM pg_class c
      WHERE c."oid" = to_regclass('"TranscriptText_words_idx"') AND pg_has_role(c."relowner", 'USAGE')`);
  }
  for (let start = 0; start < listed.length; start += WORD_BATCH_SIZE) {
    // Each word looked up through the unique index (LIMIT keeps the lookup a nested loop: as a join,
    // or as = ANY, the planner reads the whole list or its trigram index instead).
    const gone = await tx.query<{ id: number }>(sql`
      SELECT s."id" FROM unnest(string_to_array(${listed.slice(start, start + WORD_BATCH_SIZE).join(" ")}, ' ')) AS g("word")
      CROSS JOIN LATERAL (SELECT w."id" FROM "SearchWord" w WHERE w."word" = g."word" LIMIT 1) s
      WHERE NOT EXISTS (SELECT 1 FROM "DenseWord" d WHERE d."wordId" = s."id")
        AND NOT EXISTS (SELECT 1 FROM "TranscriptText" t WHERE t."words" @> ARRAY[s."id"])`);
    if (gone.length === 0) continue;
    await tx.execute(sql`DELETE FROM "SearchWord" WHERE "id" = ANY(${integerArrayLiteral(gone.map((row) => row.id))}::integer[])`);
  }
}
