import "server-only";
import { storeRead } from "./active-database";
import type { ReadOptions, TimeRange } from "./database";
import { identifier, join, sql, toNumber, type Sql } from "./sql";
import { countInRangeSql } from "./slot-counts";

/** How many transcripts were created in [startMs, endMs], from the rollup: no scan of the range. */
export async function countInRange(startMs: number, endMs: number): Promise<number> {
  const rows = await storeRead<{ n: unknown }>(countInRangeSql(startMs, endMs));
  return toNumber(rows[0]?.n);
}

/** One count per range, read together in one statement: `countIn` is a SELECT of one number over a range. */
export async function countsInRanges(
  ranges: readonly TimeRange[],
  countIn: (range: TimeRange) => Sql,
  options: ReadOptions,
): Promise<number[]> {
  const columns = ranges.map((range, index) => sql`(${countIn(range)}) AS ${identifier(`n${index}`)}`);
  const [row] = await storeRead<Record<string, unknown>>(sql`SELECT ${join(columns, ", ")}`, options);
  return ranges.map((_, index) => toNumber(row?.[`n${index}`]));
}
