import "server-only";
import type { WriteTransaction } from "../database";
import { int, integerArrayLiteral, join, sql, type Sql } from "../sql";
import { SORT_KEY_SPREAD } from "../sort-key";
import { MAX_WORDS_PER_QUERY_WORD, UNLISTED_WORD_ID, wordsOfTexts } from "../search-words";
import { characterLength, TRIGRAM_MIN_LENGTH } from "@/lib/transcripts/search-text";
import { DAY_MS } from "@/lib/transcripts/time-buckets";
import { denseDayCountChanges, denseWordsWithin, largestId } from "./dense-bits";
import { bitColumnsOf, denseColumns } from "./dense-columns";

// How many texts of each UTC day hold each dense word anywhere, inside longer words too
// ("discount" in "discounts"), which is what a search for the word finds (DenseWordDayCount). A
// search for a dense word counts its whole days from these rows, one a day, instead of testing the
// bits of each text of the range (search.ts). Kept by the store as it writes texts; the texts
// deleted with their transcripts are taken out by a trigger, and TRUNCATE forgets them all.
// Only the words a search can count this way have counts (DenseWord.dayCounted): three characters
// or more, lying in at most MAX_WORDS_PER_QUERY_WORD listed words, when they became dense.

/** Keys per UTC day: a key's day is floor(sortKey / DAY_KEYS). */
const DAY_KEYS = DAY_MS * SORT_KEY_SPREAD;

/** A dense word whose days are counted, as the counts know it. */
export interface CountedWord {
  bit: number;
  word: string;
}

/**
 * Of words becoming dense, those whose days are counted (see the file's head), marked so and their
 * stored texts counted per day: the texts holding a listed word that holds it (found from their
 * bits for the dense ones, the word itself among them, and through the word index for the others),
 * or a word too long to be listed that holds it. The caller holds the writers' lock.
 */
export async function countDaysOfNewDenseWords(tx: WriteTransaction, words: readonly CountedWord[]): Promise<CountedWord[]> {
  const counted = await dayCountedWords(tx, words);
  if (counted.length === 0) return [];
  // For the rest of the transaction: compiling the count (JIT) takes longer than running it, and a
  // bitmap of a million texts outgrows the default work_mem, which makes it recheck whole pages.
  await tx.execute(sql`SET LOCAL jit = off`);
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
  await tx.execute(
    sql`UPDATE "DenseWord" SET "dayCounted" = true WHERE "bit" = ANY(${integerArrayLiteral(counted.map((word) => word.bit))}::smallint[])`,
  );
  const masks = denseColumns("m");
  await tx.execute(sql`
    INSERT INTO "DenseWordDayCount" ("bit", "day", "count")
    WITH "counted" AS (SELECT * FROM ${bitsAndWords(counted)}),
    "holders" AS MATERIALIZED (
      SELECT n."bit", s."id", h."bit" AS "holderBit"
      FROM "counted" n
      JOIN "SearchWord" s ON s."word" LIKE '%' || n."word" || '%'
      LEFT JOIN "DenseWord" h ON h."wordId" = s."id"
    ),
    "masks" AS (SELECT "bit", ${join(bitColumnsOf(sql`"holderBit"`), ", ")} FROM "holders" WHERE "holderBit" IS NOT NULL GROUP BY "bit")
    SELECT "bit", ("sortKey" / ${int(DAY_KEYS)})::integer, count(*)
    FROM (
      SELECT m."bit", d."sortKey"
      FROM "masks" m
      JOIN "TranscriptDenseWords" d ON ${join(
        denseColumns("d").map((column, index) => sql`(${column} & ${masks[index]}) <> 0`),
        " OR ",
      )}
      UNION
      SELECT h."bit", t."sortKey"
      FROM "holders" h
      JOIN "TranscriptText" t ON t."words" @> ARRAY[h."id"]
      WHERE h."holderBit" IS NULL
      UNION
      SELECT n."bit", t."sortKey"
      FROM "counted" n
      JOIN "TranscriptText" t ON t."words" @> ARRAY[${int(UNLISTED_WORD_ID)}] AND strpos(t."text", n."word") > 0
    ) AS "holding"
    GROUP BY 1, 2`);
  return counted;
}

/** The words of three characters or more lying in at most MAX_WORDS_PER_QUERY_WORD listed words (no LIKE wildcard lies in a word). */
async function dayCountedWords(tx: WriteTransaction, words: readonly CountedWord[]): Promise<CountedWord[]> {
  const candidates = words.filter((word) => characterLength(word.word) >= TRIGRAM_MIN_LENGTH);
  if (candidates.length === 0) return [];
  return tx.query<CountedWord>(sql`
    SELECT n."bit", n."word"
    FROM ${bitsAndWords(candidates)}
    WHERE (SELECT count(*) FROM (SELECT 1 FROM "SearchWord" s WHERE s."word" LIKE '%' || n."word" || '%' LIMIT ${int(MAX_WORDS_PER_QUERY_WORD + 1)}) AS "holders") <= ${int(MAX_WORDS_PER_QUERY_WORD)}`);
}

/** Dense words as the rows n("bit", "word"), the words as one text apart: they hold no spaces. */
function bitsAndWords(words: readonly CountedWord[]): Sql {
  return sql`unnest(${integerArrayLiteral(words.map((word) => word.bit))}::smallint[], string_to_array(${words.map((word) => word.word).join(" ")}, ' ')) AS n("bit", "word")`;
}

/**
 * Moves the counts with a write of texts: the texts written count for their day, and the texts
 * they replace (the earlier versions of the same transcripts, as stored before the write, where
 * they were counted) no longer count for theirs.
 */
export async function saveDenseDayCounts(
  tx: WriteTransaction,
  written: readonly { sortKey: number; ids: readonly number[]; longWords: readonly string[] }[],
  replaced: readonly { sortKey: number; text: string }[],
  countedBitOfWord: ReadonlyMap<string, number>,
  wordOfId: ReadonlyMap<number, string>,
): Promise<void> {
  if (countedBitOfWord.size === 0) return;
  const dayOf = (sortKey: number) => Math.floor(sortKey / DAY_KEYS);
  // The texts written are read by word id (the dense words within each word worked out once, kept
  // in an array by id), the replaced ones by word.
  const withinWord = denseWordsWithin(countedBitOfWord);
  const byId = new Array<readonly number[] | null>(largestId(wordOfId.keys()) + 1).fill(null);
  const within = (word: number | string): readonly number[] => {
    if (typeof word === "string") return withinWord(word);
    return (byId[word] ??= wordOfId.has(word) ? withinWord(wordOfId.get(word)!) : []);
  };
  const changes = denseDayCountChanges<number | string>(
    [
      ...written.map((text) => ({
        day: dayOf(text.sortKey),
        words: text.longWords.length > 0 ? [...text.ids, ...text.longWords] : text.ids,
        sign: 1 as const,
      })),
      ...replaced.map((text) => ({ day: dayOf(text.sortKey), words: wordsOfTexts([text.text]).words, sign: -1 as const })),
    ],
    within,
  );
  if (changes.length === 0) return;
  await tx.execute(sql`
    INSERT INTO "DenseWordDayCount" ("bit", "day", "count")
    SELECT * FROM unnest(${integerArrayLiteral(changes.map((entry) => entry.bit))}::smallint[], ${integerArrayLiteral(changes.map((entry) => entry.day))}::integer[], ${integerArrayLiteral(changes.map((entry) => entry.change))}::integer[])
    ON CONFLICT ("bit", "day") DO UPDATE SET "count" = "DenseWordDayCount"."count" + excluded."count"`);
}

/**
 * SELECT "bucket", "n": how many texts of each UTC day of [firstDay, lastDay] hold the dense word
 * owning `bit` (days without such texts have no row).
 */
export function denseWordDayCountsSql(bit: number, firstDay: number, lastDay: number): Sql {
  return sql`SELECT "day" AS "bucket", "count" AS "n" FROM "DenseWordDayCount" WHERE "bit" = ${int(bit)} AND "day" BETWEEN ${int(firstDay)} AND ${int(lastDay)}`;
}
