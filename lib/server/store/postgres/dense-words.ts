import "server-only";
import type { WriteTransaction } from "../database";
import { integerArrayLiteral, join, sql } from "../sql";
import { denseBitsById, denseColumnsOf, newDenseWords } from "./dense-bits";
import { bitColumnsOf, COLUMNS, denseColumns } from "./dense-columns";
import { countDaysOfNewDenseWords } from "./dense-day-counts";

// Which common ("dense") words each text holds (TranscriptDenseWords, dense-bits.ts): kept as
// texts are written, and read by the counts of a search for a single word (search.ts), which test
// a text's 64-byte row of bits instead of reading its entries in the word index.

/** The dense words: the bits of all of them by word id (denseBitsById), and by word those whose days are counted. */
export interface DenseWords {
  bitsById: Int16Array;
  countedBitOfWord: Map<string, number>;
}

/**
 * Every dense word, for storing texts whose word ids are given: the words their batch shows to be
 * common get the free bits first, and the texts already stored that hold them get those bits and
 * their days' counts (dense-day-counts.ts), so that every text's bits and every count stay
 * complete. Runs inside the transaction that stores the texts, before any of them is written (the
 * counts of the texts they replace are then taken away from where they were counted), whose lock
 * keeps other writers out until it commits.
 */
export async function denseWordsForSaving(
  tx: WriteTransaction,
  wordIdsOfTexts: readonly (readonly number[])[],
  shortWordIds: ReadonlySet<number>,
): Promise<DenseWords> {
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
  for (const word of await countDaysOfNewDenseWords(tx, addedWords)) countedBitOfWord.set(word.word, word.bit);
  for (const word of added) bitOf.set(word.wordId, word.bit);
  return { bitsById: denseBitsById(bitOf), countedBitOfWord };
}

/**
 * Writes the bits of stored texts (after the texts themselves), leaving unchanged ones alone. Each
 * column goes as one array literal: the driver would escape every element of an array it is given.
 */
export async function saveDenseWords(
  tx: WriteTransaction,
  texts: readonly { sortKey: number; wordIds: readonly number[] }[],
  bitsById: Int16Array,
): Promise<void> {
  if (texts.length === 0) return;
  const columns: bigint[][] = COLUMNS.map(() => []);
  for (const text of texts) denseColumnsOf(text.wordIds, bitsById).forEach((value, column) => columns[column].push(value));
  const arrays = columns.map((values) => sql`${integerArrayLiteral(values)}::bigint[]`);
  const excluded = denseColumns("excluded");
  await tx.execute(sql`
    INSERT INTO "TranscriptDenseWords" ("sortKey", ${join(COLUMNS, ", ")})
    SELECT * FROM unnest(${integerArrayLiteral(texts.map((text) => text.sortKey))}::bigint[], ${join(arrays, ", ")})
    ON CONFLICT ("sortKey") DO UPDATE SET ${join(
      COLUMNS.map((column, index) => sql`${column} = ${excluded[index]}`),
      ", ",
    )}
    WHERE (${join(denseColumns("TranscriptDenseWords"), ", ")}) IS DISTINCT FROM (${join(excluded, ", ")})`);
}
