import "server-only";
import type { WriteTransaction } from "../database";
import { identifier, int, integerArrayLiteral, join, sql, type Sql } from "../sql";
import { DENSE_WORD_COLUMNS, denseBitsById, denseColumnsOf, newDenseWords } from "./dense-bits";

// Which common ("dense") words each text holds (TranscriptDenseWords, dense-bits.ts): kept as
// texts are written, and read by the counts of a search for a single word (search.ts), which test
// a text's 64-byte row of bits instead of reading its entries in the word index.

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
 * The bits of every dense word by word id (denseBitsById), for storing texts whose word ids are
 * given: the words their batch shows to be common get the free bits first, and the texts already
 * stored that hold them get those bits, so that every text's bits stay complete. Runs inside the
 * transaction that stores the texts, before any of them is written, whose lock keeps other writers
 * out until it commits.
 */
export async function denseWordsForSaving(tx: WriteTransaction, wordIdsOfTexts: readonly (readonly number[])[], shortWordIds: ReadonlySet<number>): Promise<Int16Array> {
  const rows = await tx.query<{ bit: number; wordId: number }>(sql`SELECT "bit", "wordId" FROM "DenseWord"`);
  const bitOf = new Map(rows.map((row) => [row.wordId, row.bit]));
  const added = newDenseWords(wordIdsOfTexts, bitOf, shortWordIds);
  if (added.length === 0) return denseBitsById(bitOf);
  const bits = integerArrayLiteral(added.map((word) => word.bit));
  const wordIds = integerArrayLiteral(added.map((word) => word.wordId));
  await tx.execute(sql`INSERT INTO "DenseWord" ("bit", "wordId") SELECT * FROM unnest(${bits}::smallint[], ${wordIds}::integer[])`);
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
  for (const word of added) bitOf.set(word.wordId, word.bit);
  return denseBitsById(bitOf);
}

/** The aggregates, per column, of the bits `bit` (a SQL expression) of a group's dense words. */
function bitColumnsOf(bit: Sql): Sql[] {
  return COLUMNS.map((column, index) => sql`coalesce(bit_or(1::bigint << (${bit} % 64)) FILTER (WHERE ${bit} / 64 = ${int(index)}), 0) AS ${column}`);
}

/**
 * Writes the bits of stored texts (after the texts themselves), leaving unchanged ones alone. Each
 * column goes as one array literal: the driver would escape every element of an array it is given.
 */
export async function saveDenseWords(tx: WriteTransaction, texts: readonly { sortKey: number; wordIds: readonly number[] }[], bitsById: Int16Array): Promise<void> {
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
