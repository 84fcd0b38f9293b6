// Times in the platform's exports come as ISO strings (with or without a zone), epoch
// milliseconds, or epoch seconds (the docs' examples); all are read as instants (UTC).

/** Earliest and latest instants accepted: anything outside is a unit mistake or garbage. */
export const EARLIEST_INSTANT_MS = Date.UTC(1990, 0, 1);
export const LATEST_INSTANT_MS = Date.UTC(2200, 0, 1);
/** Below this a number is epoch seconds (1e11 seconds is the year 5138; 1e11 ms is 1973). */
const SECONDS_LIMIT = 1e11;

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** The instant a value stands for, or null when it is missing or cannot be read. */
export function parseInstant(value: unknown): Date | null {
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === "number") ms = fromEpoch(value);
  else if (typeof value === "string") ms = fromString(value.trim());
  else return null;
  if (!Number.isFinite(ms) || ms < EARLIEST_INSTANT_MS || ms > LATEST_INSTANT_MS) return null;
  return new Date(Math.round(ms));
}

function fromEpoch(value: number): number {
  if (!Number.isFinite(value)) return NaN;
  return Math.abs(value) < SECONDS_LIMIT ? value * 1000 : value;
}

/** The platform's usual form, which Date.parse reads exactly and fast. */
const CANONICAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

function fromString(text: string): number {
  if (CANONICAL_PATTERN.test(text)) {
    const ms = Date.parse(text);
    // Date.parse accepts day 31 of a 30-day month (and 24:00) by rolling over into the next day;
    // the general path rejects both. Only a day past the 28th, or 24:00, needs the check.
    if (!Number.isFinite(ms)) return NaN;
    if (dayCannotRollOver(text) && text.slice(11, 13) !== "24") return ms;
    return new Date(ms).toISOString().slice(0, 10) === text.slice(0, 10) ? ms : NaN;
  }
  if (/^\d+(\.\d+)?$/.test(text)) return fromEpoch(Number(text));
  const match = ISO_PATTERN.exec(text);
  if (!match) return NaN;
  const [, year, month, day, hour = "00", minute = "00", second = "00", fraction = "", zone = "Z"] = match;
  const offset = zoneOffsetMinutes(zone);
  if (offset === null) return NaN;
  const ms = Number(fraction.padEnd(3, "0").slice(0, 3));
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), ms);
  // Date.UTC rolls over out-of-range fields (month 13, day 32): such input is not a date.
  const check = new Date(utc);
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 60) {
    return NaN;
  }
  return utc - offset * 60_000;
}

function zoneOffsetMinutes(zone: string): number | null {
  if (zone.toUpperCase() === "Z") return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? "0");
  if (minutes > 18 * 60) return null;
  return match[1] === "-" ? -minutes : minutes;
}

const EXACT_ISO_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The instant as an ISO string (UTC, milliseconds), or null. A value already in exactly that form
 * is returned as it is: the common case of every dialog entry, read without building a Date twice.
 */
export function isoInstant(value: unknown): string | null {
  if (typeof value === "string" && value.length === 24 && EXACT_ISO_PATTERN.test(value)) {
    const ms = Date.parse(value);
    // Later days are checked the long way.
    if (Number.isFinite(ms) && ms >= EARLIEST_INSTANT_MS && ms <= LATEST_INSTANT_MS && dayCannotRollOver(value)) {
      return value;
    }
  }
  const instant = parseInstant(value);
  return instant ? instant.toISOString() : null;
}

/** Up to day 28 of a date written YYYY-MM-DD... no month can roll over into the next. */
function dayCannotRollOver(text: string): boolean {
  return text.charCodeAt(8) < 50 /* "2" */ || text.slice(8, 10) <= "28";
}
