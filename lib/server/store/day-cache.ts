import "server-only";
import { LRUCache } from "lru-cache";
import { storeRead } from "./active-database";
import type { TimeRange } from "./database";
import { countsInRanges } from "./count-in-range";
import { int, sql, toNumber, type Sql } from "./sql";
import { sharedWork } from "./shared-work";
import { resolveDatabaseUrl } from "@/lib/database-url.mjs";
import { DAY_MS, HOUR_MS, rangeCoverage } from "@/lib/transcripts/time-buckets";

// Values made of a day's transcripts and their annotations (reviews, rating counts, notes, signals),
// kept per whole UTC day (and per whole UTC hour of the days a range covers only partly, such as
// the ends of a range of days in a zone other than UTC) and reused while the day keeps the
// versions of what they are made of: its
// text version (TranscriptDayVersion, renewed whenever a transcript of the day is stored or deleted),
// its annotation version (TranscriptAnnotationDayVersion, renewed by triggers whenever such a row of
// the day is written) and its signal version (TranscriptSignalDayVersion, the same for signal rows
// alone). So a complement filter's excluded members, or the insights' signal and rating counts, are
// read once per day, and afterwards only for the days written since and the partly covered days at
// the partly covered hours at the very ends of a range; a rating given does not make a day's signal
// counts be read again. A day without a text version holds no transcript, and so nothing.

/** Entries kept per process (least recently used go first): a day or hour of one value, up to a few KB. */
const MAX_ENTRIES = 20_000;

interface CachedValue {
  version: string;
  value: unknown;
}

const globalForCache = globalThis as unknown as { annotatedDayValues?: LRUCache<string, CachedValue> };
const cache = (globalForCache.annotatedDayValues ??= new LRUCache<string, CachedValue>({ max: MAX_ENTRIES }));
const sharedReads = sharedWork<unknown[]>();

/**
 * What a day's value is made of, and so the versions it is kept under: the transcripts alone (their
 * rows, texts and rollups), with their signals, or with every annotation.
 */
export type DayValueSource = "transcripts" | "signals" | "annotations";

/** A day's versions, each random, or "none" for a day whose rows of that kind were never written. */
interface DayVersions {
  text: string;
  annotations: string;
  signals: string;
}

const versionOf = (versions: DayVersions, madeOf: DayValueSource): string =>
  madeOf === "transcripts" ? versions.text : `${versions.text}/${versions[madeOf]}`;

/** A value per piece of a range: whole days and hours are kept, the partly covered hours at its ends read afresh. */
export interface PerDayValue<T> {
  /** What is read, whatever the range: two queries of one identity read the same value of a day. */
  identity: string;
  madeOf: DayValueSource;
  /**
   * Reads the value of each of `pieces`: each a whole UTC day, a whole UTC hour or a part of one
   * hour, no two of them sharing an hour.
   */
  read(pieces: TimeRange[]): Promise<T[]>;
}

/** A whole UTC day or hour [startMs, endMs] of a day that holds transcripts, with the versions it is kept under. */
interface KeptPiece extends TimeRange {
  version: string;
}

/**
 * The values of the pieces of `range` that hold transcripts, in no particular order: its whole
 * days and the whole hours of its partly covered days from the cache where their day's versions
 * are unchanged; its partly covered hours read afresh.
 */
export async function valuesOverDays<T>(query: PerDayValue<T>, range: TimeRange): Promise<T[]> {
  const days = rangeCoverage(range.startMs, range.endMs, DAY_MS);
  // The versions are read before any day is: a write committed in between leaves a value newer
  // than the version it is kept under, which only costs a reread; never the reverse.
  const versions = await dayVersions(range);
  const kept: KeptPiece[] = [];
  const partialHours: TimeRange[] = [];
  if (days.whole) {
    for (const [day, versionsOfDay] of versions) {
      if (day < days.whole.first || day > days.whole.last) continue;
      kept.push({ startMs: day * DAY_MS, endMs: (day + 1) * DAY_MS - 1, version: versionOf(versionsOfDay, query.madeOf) });
    }
  }
  for (const part of days.partial) {
    const versionsOfDay = versions.get(part.bucket);
    if (!versionsOfDay) continue;
    const hours = rangeCoverage(part.fromMs, part.toMs, HOUR_MS);
    const version = versionOf(versionsOfDay, query.madeOf);
    if (hours.whole) {
      for (let hour = hours.whole.first; hour <= hours.whole.last; hour++) {
        kept.push({ startMs: hour * HOUR_MS, endMs: (hour + 1) * HOUR_MS - 1, version });
      }
    }
    for (const piece of hours.partial) partialHours.push({ startMs: piece.fromMs, endMs: piece.toMs });
  }
  const scope = `${resolveDatabaseUrl()}\n${query.identity}\n`;
  const keyOf = (piece: TimeRange) => `${scope}${piece.startMs}-${piece.endMs}`;
  const values: T[] = [];
  const stale: KeptPiece[] = [];
  for (const piece of kept) {
    const cached = cache.get(keyOf(piece));
    if (cached && cached.version === piece.version) values.push(cached.value as T);
    else stale.push(piece);
  }
  const pieces: TimeRange[] = [...stale.map(({ startMs, endMs }) => ({ startMs, endMs })), ...partialHours];
  if (pieces.length === 0) return values;
  // A burst of the same query over the same days (a dashboard opened by many) waits for one read.
  const key = `${scope}${pieces.map((piece) => `${piece.startMs}-${piece.endMs}`).join(",")}@${stale.map((piece) => piece.version).join(",")}`;
  const read = (await sharedReads(key, () => query.read(pieces))) as T[];
  stale.forEach((piece, index) => cache.set(keyOf(piece), { version: piece.version, value: read[index] }));
  return values.concat(read);
}

/** Each piece's value by the UTC hours the piece covers (no two pieces of a read share an hour). */
export function piecesByHour<V>(pieces: readonly TimeRange[], values: readonly V[]): Map<number, V> {
  const byHour = new Map<number, V>();
  pieces.forEach((piece, index) => {
    for (let hour = Math.floor(piece.startMs / HOUR_MS); hour <= Math.floor(piece.endMs / HOUR_MS); hour++) byHour.set(hour, values[index]);
  });
  return byHour;
}

/** A count that depends on a day's transcripts and annotations only (SELECT of one number per range). */
export interface DayCount {
  identity: string;
  madeOf: DayValueSource;
  countIn(range: TimeRange): Sql;
  /** Whether the count scans texts (ReadOptions.scansTexts). */
  scansTexts: boolean;
}

/** The count of `query` in `range`, summed over its days (valuesOverDays). */
export async function countOverDays(query: DayCount, range: TimeRange): Promise<number> {
  const counts = await valuesOverDays(
    {
      identity: query.identity,
      madeOf: query.madeOf,
      read: (pieces) => countsInRanges(pieces, query.countIn, { scansTexts: query.scansTexts }),
    },
    range,
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

const sharedVersions = sharedWork<Map<number, DayVersions>>();

/**
 * The versions of each day of the range that holds transcripts. The values of one request (the
 * analytics' several counts) ask at once, and share one read.
 */
function dayVersions({ startMs, endMs }: TimeRange): Promise<Map<number, DayVersions>> {
  const first = Math.floor(startMs / DAY_MS);
  const last = Math.floor(endMs / DAY_MS);
  return sharedVersions(`${resolveDatabaseUrl()}\n${first}-${last}`, () => readDayVersions(first, last));
}

async function readDayVersions(first: number, last: number): Promise<Map<number, DayVersions>> {
  const rows = await storeRead<{ day: unknown; textVersion: unknown; annotationVersion: unknown; signalVersion: unknown }>(
    sql`SELECT d."day", d."version" AS "textVersion", a."version" AS "annotationVersion", s."version" AS "signalVersion"
      FROM "TranscriptDayVersion" d
      LEFT JOIN "TranscriptAnnotationDayVersion" a ON a."day" = d."day"
      LEFT JOIN "TranscriptSignalDayVersion" s ON s."day" = d."day"
      WHERE d."day" BETWEEN ${int(first)} AND ${int(last)}`,
  );
  return new Map(
    rows.map((row) => [
      toNumber(row.day),
      { text: String(row.textVersion), annotations: String(row.annotationVersion ?? "none"), signals: String(row.signalVersion ?? "none") },
    ]),
  );
}

/** The ranges in ascending order, each run of adjoining ones made one (to read many days in one statement). */
export function adjoinedRanges(ranges: TimeRange[]): TimeRange[] {
  const runs: TimeRange[] = [];
  for (const range of [...ranges].sort((a, b) => a.startMs - b.startMs)) {
    const last = runs.at(-1);
    if (last && last.endMs + 1 === range.startMs) last.endMs = range.endMs;
    else runs.push({ ...range });
  }
  return runs;
}
