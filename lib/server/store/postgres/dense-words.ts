import "server-only";
import { databaseName, storeWrite } from "../active-database";
import type { WriteTransaction } from "../database";
import { binaryCopyChunks } from "./binary-copy";
import type { PostgresTransaction } from "./connection";
import { identifier, int, integerArrayLiteral, join, sql, type Sql } from "../sql";
import { DENSE_WORD_COLUMNS, denseBitsById, denseColumnsOf, denseDayCountChanges, denseWordsWithin, largestId, newDenseWords } from "./dense-bits";
import { DAY_KEYS } from "../sort-key";
import { MAX_WORDS_PER_QUERY_WORD, UNLISTED_WORD_ID, wordsOfTexts } from "../search-words";
import { characterLength, TRIGRAM_MIN_LENGTH } from "@/lib/transcripts/search-text";

// Which common ("dense") words each text holds (TranscriptDenseWords, dense-bits.ts), and how many
// texts of each day hold each dense word anywhere (DenseWordDayCount): kept as texts are written,
// and read by the counts of a search for a single word (search.ts). A day's count answers a search
// for the word over that whole day by reading one row instead of an index entry per text.

const COLUMN_NAMES = Array.from({ length: DENSE_WORD_COLUMNS }, (_, column) => `b${column}`);
const COLUMNS = COLUMN_NAMES.map((name) => identifier(name));

/** The dense-word columns of a table alias: alias."b0", alias."b1", ... */
function denseColumns(alias: string): Sql[] {
  return COLUMN_NAMES.map((name) => sql`${identifier(alias)}.${identifier(name)}`);
}

/** A text holds one of the dense words of `masks` (one per column; 0 where none lies). */
export function holdsDenseWords(alias: string, masks: readonly bigint[]): Sql {
  const columns = denseColumns(alias);
  const tests = masks.flatMap((mask, column) => (mask === 0n ? [] : [sql`(${columns[column]} & ${mask}) <> 0`]));
  return tests.length === 0 ? sql`false` : sql`(${join(tests, " OR ")})`;
}

/**
 * The dense words: the bits of all of them by word id (denseBitsById), and by word those whose
 * days are counted.
 */
export interface DenseWords {
  bitsById: Int16Array;
  countedBitOfWord: Map<string, number>;
}

/**
 * Every dense word, for storing texts whose word ids are given: the words their batch shows to be
 * common get the free bits first, and the texts already stored that hold them get those bits, and
 * their days' counts (DenseWordDayCount) for the words a search can count from them (see
 * dayCountedWords), so that every text's bits and every count stay complete.
 * Runs inside the transaction that stores the texts, before any of them is written (the counts of
 * the texts they replace are then taken away from where they were counted), whose lock keeps other
 * writers out until it commits.
 */
export async function denseWordsForSaving(tx: WriteTransaction, wordIdsOfTexts: readonly (readonly number[])[], shortWordIds: ReadonlySet<number>): Promise<DenseWords> {
  const rows = await tx.query<{ bit: number; wordId: number; word: string; dayCounted: boolean }>(
    sql`SELECT d."bit", d."wordId", w."word", d."dayCounted" FROM "DenseWord" d JOIN "SearchWord" w ON w."id" = d."wordId"`,
  );
  const bitOf = new Map(rows.map((row) => [row.wordId, row.bit]));
  const countedBitOfWord = new Map(rows.flatMap((row) => (row.dayCounted ? [[row.word, row.bit] as const] : [])));
  const added = newDenseWords(wordIdsOfTexts, bitOf, shortWordIds);
  if (added.length === 0) return { bitsById: denseBitsById(bitOf), countedBitOfWord };
  const bits = integerArrayLiteral(added.map((word) => word.bit));
  const wordIds = integerArrayLiteral(added.map((word) => word.wordId));
  const addedWords = await tx.query<{ bit: number; wordId: number; word: string }>(sql`
    WITH "added" AS (INSERT INTO "DenseWord" ("bit", "wordId") SELECT * FROM unnest(${bits}::smallint[], ${wordIds}::integer[]) RETURNING "bit", "wordId")
    SELECT a."bit", a."wordId", w."word" FROM "added" a JOIN "SearchWord" w ON w."id" = a."wordId"`);
  // The words becoming dense were kept in the word index of every text stored so far.
  const stored = denseColumns("d");
  await tx.execute(sql`
    UPDATE "TranscriptDenseWords" d SET ${join(
      COLUMNS.map((column, index) => sql`${column} = ${stored[index]} | m.${column}`),
      ", ",
    )}
    FROM (
      SELECT t."sortKey", ${join(bitColumnsOf(sql`n."bit"`), ", ")}
      FROM "TranscriptText" t
      CROSS JOIN LATERAL unnest(t."words") AS w("id")
      JOIN "DenseWord" n ON n."wordId" = w."id" AND n."bit" = ANY(${bits}::smallint[])
      WHERE t."words" && ${wordIds}::integer[]
      GROUP BY t."sortKey"
    ) m
    WHERE d."sortKey" = m."sortKey"`);
  const counted = await dayCountedWords(tx, addedWords);
  await countDays(tx, counted);
  for (const word of counted) countedBitOfWord.set(word.word, word.bit);
  for (const word of addedWords) bitOf.set(word.wordId, word.bit);
  return { bitsById: denseBitsById(bitOf), countedBitOfWord };
}

/**
 * Marks dense words day-counted and counts, per day, the stored texts that hold each: the texts
 * holding a listed word that holds it (found from their bits for the dense ones, the word itself
 * among them, and through the word index for the others), or a word too long to be listed that
 * holds it. The caller holds the writers' lock.
 */
async function countDays(tx: WriteTransaction, words: readonly { bit: number; word: string }[]): Promise<void> {
  if (words.length === 0) return;
  // For the rest of the transaction: compiling the count (JIT) took longer than running it, and a
  // bitmap of a million texts outgrew the default work_mem, which made it recheck whole pages.
  await tx.execute(sql`SET LOCAL jit = off`);
  await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
  await tx.execute(sql`UPDATE "DenseWord" SET "dayCounted" = true WHERE "bit" = ANY(${integerArrayLiteral(words.map((word) => word.bit))}::smallint[])`);
  const masks = denseColumns("m");
  await tx.execute(sql`
    INSERT INTO "DenseWordDayCount" ("bit", "day", "count")
    WITH "counted" AS (SELECT * FROM ${bitsAndWords(words)}),
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
}

/**
 * The dense words whose days a search could count from but are not counted: those that were dense
 * before the store kept day counts (migration dense_word_day_counts). Always none on SQLite.
 */
export async function uncountedDenseWords(): Promise<{ bit: number; word: string }[]> {
  if (databaseName() !== "postgresql") return [];
  return storeWrite(async (tx) => {
    const words = await tx.query<{ bit: number; word: string }>(
      sql`SELECT d."bit", w."word" FROM "DenseWord" d JOIN "SearchWord" w ON w."id" = d."wordId" WHERE NOT d."dayCounted" ORDER BY d."bit"`,
    );
    return dayCountedWords(tx, words);
  });
}

/**
 * Counts the days of one of uncountedDenseWords in a transaction of its own, under the writers' lock
 * (writes wait for it: 0.4 s for a word held by 168,544 of a million texts). False when it is counted already.
 */
export async function countDenseWordDays(word: { bit: number; word: string }): Promise<boolean> {
  return storeWrite(async (tx) => {
    const uncounted = await tx.query(sql`SELECT 1 FROM "DenseWord" WHERE "bit" = ${int(word.bit)} AND NOT "dayCounted"`);
    if (uncounted.length === 0) return false;
    await countDays(tx, [word]);
    return true;
  });
}

/**
 * The new dense words whose days are counted: those a search can count from them, of three
 * characters or more and lying in at most MAX_WORDS_PER_QUERY_WORD listed words (a search for a
 * word in more narrows nothing through the word index). This also bounds what counting a word's
 * stored texts costs. Words hold no LIKE wildcards (they are ASCII separators).
 */
async function dayCountedWords(tx: WriteTransaction, words: readonly { bit: number; word: string }[]): Promise<{ bit: number; word: string }[]> {
  const candidates = words.filter((word) => characterLength(word.word) >= TRIGRAM_MIN_LENGTH);
  if (candidates.length === 0) return [];
  return tx.query<{ bit: number; word: string }>(sql`
    SELECT n."bit", n."word"
    FROM ${bitsAndWords(candidates)}
    WHERE (SELECT count(*) FROM (SELECT 1 FROM "SearchWord" s WHERE s."word" LIKE '%' || n."word" || '%' LIMIT ${int(MAX_WORDS_PER_QUERY_WORD + 1)}) AS "holders") <= ${int(MAX_WORDS_PER_QUERY_WORD)}`);
}

/** Dense words as the rows n("bit", "word"), the words as one text apart: they hold no spaces. */
function bitsAndWords(words: readonly { bit: number; word: string }[]): Sql {
  return sql`unnest(${integerArrayLiteral(words.map((word) => word.bit))}::smallint[], string_to_array(${words.map((word) => word.word).join(" ")}, ' ')) AS n("bit", "word")`;
}

/**
 * Moves the counts of DenseWordDayCount with a write of texts: the texts written count for their
 * day, and the texts they replace (the earlier versions of the same transcripts, as stored before
 * the write, where they were counted) no longer count for theirs.
 */
export async function saveDenseDayCounts(
  tx: WriteTransaction,
  written: readonly { sortKey: number; ids: readonly number[]; longWords: readonly string[] }[],
  replaced: readonly { sortKey: number; text: string }[],
  dense: DenseWords,
  wordOfId: ReadonlyMap<number, string>,
): Promise<void> {
  if (dense.countedBitOfWord.size === 0) return;
  const dayOf = (sortKey: number) => Math.floor(sortKey / DAY_KEYS);
  // The texts written are read by word id (the word of each worked out once, kept in an array by id:
  // a batch of 5,000 holds some 365,000 ids), the replaced ones by word.
  const withinWord = denseWordsWithin(dense.countedBitOfWord);
  const byId = new Array<readonly number[] | null>(largestId(wordOfId.keys()) + 1).fill(null);
  const within = (word: number | string): readonly number[] => {
    if (typeof word === "string") return withinWord(word);
    return (byId[word] ??= wordOfId.has(word) ? withinWord(wordOfId.get(word)!) : []);
  };
  const changes = denseDayCountChanges<number | string>(
    [
      ...written.map((text) => ({ day: dayOf(text.sortKey), words: text.longWords.length > 0 ? [...text.ids, ...text.longWords] : text.ids, sign: 1 as const })),
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

/** The aggregates, per column, of the bits `bit` (a SQL expression) of a group's dense words. */
function bitColumnsOf(bit: Sql): Sql[] {
  return COLUMNS.map((column, index) => sql`coalesce(bit_or(1::bigint << (${bit} % 64)) FILTER (WHERE ${bit} / 64 = ${int(index)}), 0) AS ${column}`);
}

/**
 * Writes the bits of stored texts (after the texts themselves): copied for new texts, upserted for
 * the others, leaving unchanged ones alone.
 */
export async function saveDenseWords(
  tx: PostgresTransaction,
  texts: readonly { sortKey: number; wordIds: readonly number[]; isNew: boolean }[],
  bitsById: Int16Array,
): Promise<void> {
  const copied = texts.filter((text) => text.isNew);
  if (copied.length > 0) {
    const rows = binaryCopyChunks(copied, (row, text) => {
      row.row(DENSE_WORD_COLUMNS + 1).bigint(text.sortKey);
      for (const value of denseColumnsOf(text.wordIds, bitsById)) row.bigint(value);
    });
    await tx.copyRows(sql`"TranscriptDenseWords" ("sortKey", ${join(COLUMNS, ", ")})`, rows);
  }
  const upserted = texts.filter((text) => !text.isNew);
  if (upserted.length === 0) return;
  const columns: bigint[][] = COLUMNS.map(() => []);
  for (const text of upserted) denseColumnsOf(text.wordIds, bitsById).forEach((value, column) => columns[column].push(value));
  const arrays = columns.map((values) => sql`${integerArrayLiteral(values)}::bigint[]`);
  const excluded = denseColumns("excluded");
  await tx.execute(sql`
    INSERT INTO "TranscriptDenseWords" ("sortKey", ${join(COLUMNS, ", ")})
    SELECT * FROM unnest(${integerArrayLiteral(upserted.map((text) => text.sortKey))}::bigint[], ${join(arrays, ", ")})
    ON CONFLICT ("sortKey") DO UPDATE SET ${join(
      COLUMNS.map((column, index) => sql`${column} = ${excluded[index]}`),
      ", ",
    )}
    WHERE (${join(denseColumns("TranscriptDenseWords"), ", ")}) IS DISTINCT FROM (${join(excluded, ", ")})`);
}
