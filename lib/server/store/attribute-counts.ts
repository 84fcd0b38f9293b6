import "server-only";
import { storeRead } from "./active-database";
import type { TimeRange } from "./database";
import { adjoinedRanges, valuesOverDays, type PerDayValue } from "./day-cache";
import { identifier, int, join, sql, toNumber, type Sql } from "./sql";
import { sortKeyRange } from "./sort-key";
import { LENGTH_DIMENSION, MESSAGE_COUNT_CAP, ROLLUP_DIMENSIONS, type RolledUpDimension } from "./rollup-deltas";
import { DAY_MS, HOUR_MS } from "@/lib/transcripts/time-buckets";

// Transcripts per device, OS and browser value and per conversation length (the hourly rollup's
// dimensions) in a range: each whole UTC day summed once from the rollup and kept in the day cache
// (the store renews a day's text version whenever its rollups move), and so each whole hour of the
// partly covered days; the partly covered hours at a range's ends are counted from their raw rows.

/** A count of the transcripts with a value of a dimension ("" where the transcript has none; lengths as text, capped). */
export interface AttributeCount {
  dimension: RolledUpDimension;
  value: string;
  count: number;
}

/** The counts of every rolled-up dimension's values in the range, summed over its days. */
export async function attributeCountsInRange(range: TimeRange): Promise<AttributeCount[]> {
  const sums = new Map<RolledUpDimension, Map<string, number>>();
  for (const piece of await valuesOverDays(ATTRIBUTE_COUNTS_PER_DAY, range)) {
    for (const { dimension, value, count } of piece) {
      let ofDimension = sums.get(dimension);
      if (!ofDimension) sums.set(dimension, (ofDimension = new Map()));
      ofDimension.set(value, (ofDimension.get(value) ?? 0) + count);
    }
  }
  return [...sums].flatMap(([dimension, counts]) => [...counts].map(([value, count]) => ({ dimension, value, count })));
}

type AttributeRow = { piece: unknown; dimension: RolledUpDimension; value: string; n: unknown };

const ATTRIBUTE_COUNTS_PER_DAY: PerDayValue<AttributeCount[]> = {
  identity: "attribute counts",
  madeOf: "transcripts",
  async read(pieces) {
    const spanning = (ms: number) => pieces.filter((piece) => piece.endMs - piece.startMs === ms - 1);
    const [wholeDays, wholeHours] = [spanning(DAY_MS), spanning(HOUR_MS)];
    const parts = pieces.filter((piece) => !wholeDays.includes(piece) && !wholeHours.includes(piece));
    // Each read's rows name their piece by a number that, times its factor, is the piece's first millisecond.
    const reads: Promise<{ rows: AttributeRow[]; factor: number }>[] = [];
    const add = (statement: Sql, factor: number) => reads.push(storeRead<AttributeRow>(statement).then((rows) => ({ rows, factor })));
    if (wholeDays.length > 0) add(wholeBucketsSql(wholeDays, DAY_MS), DAY_MS);
    if (wholeHours.length > 0) add(wholeBucketsSql(wholeHours, HOUR_MS), HOUR_MS);
    if (parts.length > 0) add(join(parts.map(partOfHourSql), " UNION ALL "), 1);
    const byPiece = new Map<number, AttributeCount[]>(pieces.map((piece) => [piece.startMs, []]));
    for (const { rows, factor } of await Promise.all(reads)) {
      for (const row of rows) byPiece.get(toNumber(row.piece) * factor)!.push(countOf(row));
    }
    return pieces.map((piece) => byPiece.get(piece.startMs)!);
  },
};

/** The rollup's key leads with the dimension: named, a range of hours is a range of the key per dimension. */
const EVERY_DIMENSION = sql`"dimension" IN (${join([...ROLLUP_DIMENSIONS, LENGTH_DIMENSION])})`;

const countOf = (row: AttributeRow): AttributeCount => ({ dimension: row.dimension, value: row.value, count: toNumber(row.n) });

/** The rollup's sums per whole UTC day or hour given ("piece": its number, days or hours since 1970). */
function wholeBucketsSql(buckets: TimeRange[], bucketMs: number): Sql {
  const hoursPerBucket = int(bucketMs / HOUR_MS);
  const inBuckets = join(
    adjoinedRanges(buckets).map(
      ({ startMs, endMs }) => sql`"hour" BETWEEN ${int(startMs / HOUR_MS)} AND ${int((endMs + 1) / HOUR_MS - 1)}`,
    ),
    " OR ",
  );
  return sql`SELECT "hour" / ${hoursPerBucket} AS "piece", "dimension", "value", SUM("count") AS "n"
    FROM "TranscriptHourAttribute" WHERE ${EVERY_DIMENSION} AND (${inBuckets}) GROUP BY "hour" / ${hoursPerBucket}, "dimension", "value"`;
}

/** The sums of the raw rows of a part of an hour ("piece": its first millisecond). */
function partOfHourSql({ startMs, endMs }: TimeRange): Sql {
  const { low, high } = sortKeyRange(startMs, endMs);
  const inPiece = sql`FROM "Transcript" WHERE "sortKey" BETWEEN ${int(low)} AND ${int(high)}`;
  const rows = ROLLUP_DIMENSIONS.map(
    (dimension) => sql`SELECT ${dimension} AS "dimension", COALESCE(${identifier(dimension)}, '') AS "value" ${inPiece}`,
  );
  rows.push(sql`SELECT ${LENGTH_DIMENSION} AS "dimension",
    CAST(CASE WHEN "messageCount" > ${int(MESSAGE_COUNT_CAP)} THEN ${int(MESSAGE_COUNT_CAP)} ELSE "messageCount" END AS TEXT) AS "value" ${inPiece}`);
  return sql`SELECT ${int(startMs)} AS "piece", "dimension", "value", count(*) AS "n" FROM (${join(rows, " UNION ALL ")}) AS "counts"
    GROUP BY "dimension", "value"`;
}
