import "server-only";
import { identifier, int, join, sql, type Sql } from "../sql";
import { DENSE_WORD_COLUMNS } from "./dense-bits";

// The SQL of a text's bits of dense words: the columns b0..b7 of TranscriptDenseWords (dense-bits.ts).

const COLUMN_NAMES = Array.from({ length: DENSE_WORD_COLUMNS }, (_, column) => `b${column}`);
export const COLUMNS = COLUMN_NAMES.map((name) => identifier(name));

/** The dense-word columns of a table alias: alias."b0", alias."b1", ... */
export function denseColumns(alias: string): Sql[] {
  return COLUMN_NAMES.map((name) => sql`${identifier(alias)}.${identifier(name)}`);
}

/** A text holds one of the dense words of `masks` (one per column; 0 where none lies). */
export function holdsDenseWords(alias: string, masks: readonly bigint[]): Sql {
  const columns = denseColumns(alias);
  const tests = masks.flatMap((mask, column) => (mask === 0n ? [] : [sql`(${columns[column]} & ${mask}) <> 0`]));
  return tests.length === 0 ? sql`false` : sql`(${join(tests, " OR ")})`;
}

/** The aggregates, per column, of the bits `bit` (a SQL expression) of a group's dense words. */
export function bitColumnsOf(bit: Sql): Sql[] {
  return COLUMNS.map(
    (column, index) => sql`coalesce(bit_or(1::bigint << (${bit} % 64)) FILTER (WHERE ${bit} / 64 = ${int(index)}), 0) AS ${column}`,
  );
}
