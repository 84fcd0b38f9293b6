import "server-only";
import { storeRead } from "./active-database";
import type { TimeRange } from "./database";
import { adjoinedRanges, valuesOverDays, type PerDayValue } from "./day-cache";
import { identifier, int, join, sql, toNumber, type Sql } from "./sql";
import { sortKeyRange } from "./sort-key";
import { LENGTH_DIMENSION, MESSAGE_COUNT_CAP, ROLLUP_DIMENSIONS, type RolledUpDimension } from "./rollup-deltas";
import { DAY_MS, HOUR_MS, rangeCoverage } from "@/lib/transcripts/time-buckets";

// Transcripts per device, OS and browser value and per conversation length (the hourly rollup's
// dimensions) in a range: each whole UTC day summed once from the rollup and kept in the day cache
// (the store renews a day's text version whenever its rollups move), the partly covered days from
// their whole hours' rollup rows and the raw rows of their partial hours.

/** A count of the transcripts with a value of a dimension ("" where the transcript has none; lengths as text, capped). */
export interface AttributeCount {
  dimension: RolledUpDimension;
  value: string;
  count: number;
}

/** The counts of every rolled-up dimension's values in the range, summed over its days. */
export async function attributeCountsInRange(range: TimeRange): Promise<AttributeCount[]> {
  const sums = new Map<string, AttributeCount>();
  for (const day of await valuesOverDays(ATTRIBUTE_COUNTS_PER_DAY, range)) {
    for (const { dimension, value, count } of day) {
      const key = `${dimension}\u0000${value}`;
      const sum = sums.get(key);
      if (sum) sum.count += count;
      else sums.set(key, { dimension, value, count });
    }
  }
  return [...sums.values()];
}

type AttributeRow = { piece: unknown; dimension: RolledUpDimension; value: string; n: unknown };

const ATTRIBUTE_COUNTS_PER_DAY: PerDayValue<AttributeCount[]> = {
  identity: "attribute counts",
  madeOf: "transcripts",
  async read(pieces) {
    const wholeDays = pieces.filter((piece) => piece.endMs - piece.startMs === DAY_MS - 1);
    const parts = pieces.filter((piece) => piece.endMs - piece.startMs !== DAY_MS - 1);
    const [dayRows, partRows] = await Promise.all([
      wholeDays.length === 0 ? [] : storeRead<AttributeRow>(wholeDaysSql(wholeDays)),
      parts.length === 0 ? [] : storeRead<AttributeRow>(join(parts.map(partOfDaySql), " UNION ALL ")),
    ]);
    const byPiece = new Map<number, AttributeCount[]>(pieces.map((piece) => [piece.startMs, []]));
    for (const row of dayRows) byPiece.get(toNumber(row.piece) * DAY_MS)!.push(countOf(row));
    for (const row of partRows) byPiece.get(toNumber(row.piece))!.push(countOf(row));
    return pieces.map((piece) => byPiece.get(piece.startMs)!);
  },
};

/** The rollup's key leads with the dimension: named, a range of hours is a range of the key per dimension. */
const EVERY_DIMENSION = sql`"dimension" IN (${join([...ROLLUP_DIMENSIONS, LENGTH_DIMENSION])})`;

const countOf = (row: AttributeRow): AttributeCount => ({ dimension: row.dimension, value: row.value, count: toNumber(row.n) });

/** The rollup's sums per UTC day ("piece": the day) of the whole days given. */
function wholeDaysSql(days: TimeRange[]): Sql {
  const hoursPerDay = DAY_MS / HOUR_MS;
  const inDays = join(
    adjoinedRanges(days).map(({ startMs, endMs }) => sql`"hour" BETWEEN ${int(startMs / HOUR_MS)} AND ${int((endMs + 1) / HOUR_MS - 1)}`),
    " OR ",
  );
  return sql`SELECT "hour" / ${int(hoursPerDay)} AS "piece", "dimension", "value", SUM("count") AS "n" FROM "TranscriptHourAttribute"
    WHERE ${EVERY_DIMENSION} AND (${inDays}) GROUP BY "hour" / ${int(hoursPerDay)}, "dimension", "value"`;
}

/** The sums of a part of a day ("piece": its first millisecond): the rollup for its whole hours, raw rows for the rest. */
function partOfDaySql({ startMs, endMs }: TimeRange): Sql {
  const coverage = rangeCoverage(startMs, endMs, HOUR_MS);
  const rows: Sql[] = [];
  if (coverage.whole) {
    rows.push(sql`SELECT "dimension", "value", "count" FROM "TranscriptHourAttribute"
      WHERE ${EVERY_DIMENSION} AND "hour" BETWEEN ${int(coverage.whole.first)} AND ${int(coverage.whole.last)}`);
  }
  for (const piece of coverage.partial) {
    const { low, high } = sortKeyRange(piece.fromMs, piece.toMs);
    const inPiece = sql`FROM "Transcript" WHERE "sortKey" BETWEEN ${int(low)} AND ${int(high)}`;
    for (const dimension of ROLLUP_DIMENSIONS) {
      rows.push(sql`SELECT ${dimension} AS "dimension", COALESCE(${identifier(dimension)}, '') AS "value", 1 AS "count" ${inPiece}`);
    }
    rows.push(sql`SELECT ${LENGTH_DIMENSION} AS "dimension",
      CAST(CASE WHEN "messageCount" > ${int(MESSAGE_COUNT_CAP)} THEN ${int(MESSAGE_COUNT_CAP)} ELSE "messageCount" END AS TEXT) AS "value", 1 AS "count" ${inPiece}`);
  }
  if (rows.length === 0) return sql`SELECT ${int(startMs)} AS "piece", '' AS "dimension", '' AS "value", 0 AS "n" WHERE 1 = 0`;
  return sql`SELECT ${int(startMs)} AS "piece", "dimension", "value", SUM("count") AS "n" FROM (${join(rows, " UNION ALL ")}) AS "counts"
    GROUP BY "dimension", "value"`;
}
