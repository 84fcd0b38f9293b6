// Erasure by person: the e-mail addresses and phone numbers a transcript held as received, written
// as "person values" that compare as ErasureMatcher compares (erasure.ts), so that their keyed hashes
// (person-keys.ts), kept before redaction replaces the values, answer "which transcripts held this
// address or number" once the texts say [EMAIL] and [PHONE].
// - E-mail: "email:" and the lower-cased address.
// - Phone: "phone:+" and the digits of a number dialled with its country code; "phone:" and the
//   national digits of one without. A national number matches an international one that ends in it
//   after a country code of 1-3 digits (isSamePhone): so an international number is also written as
//   "phone-end:" and each of its ends without 1, 2 or 3 leading digits, which a national query
//   looks up, and an international query looks up "phone:" and its own such ends.
import { canonicalPhone, type ErasureQuery } from "./erasure";
import { findSpans } from "./find-spans";
import { parseJsonContainer } from "./json-text";
import { someLeaf } from "./map-leaves";
import { phoneAt } from "./phone";
import type { Span } from "./spans";

/** Which of the two kinds to look for. */
export interface PersonKinds {
  email: boolean;
  phone: boolean;
}

/** Strings holding JSON are read inside this many levels deep, as redaction reads them. */
const MAX_JSON_IN_STRING_DEPTH = 4;
/** The country code a national number may be compared without, at most (isSamePhone). */
const MAX_COUNTRY_CODE_DIGITS = 3;

/** Adds the person values of a detector's span of `text` (spans of other kinds add nothing). */
export function addPersonValuesOfSpan(text: string, span: Span, into: Set<string>): void {
  if (span.kind === "email") {
    into.add(`email:${text.slice(span.start, span.end).toLowerCase()}`);
    return;
  }
  if (span.kind !== "phone") return;
  const candidate = phoneAt(text, span.start);
  if (!candidate) return;
  const { isInternational, digits } = canonicalPhone(text, candidate);
  if (!isInternational) {
    into.add(`phone:${digits}`);
    return;
  }
  into.add(`phone:+${digits}`);
  for (let dropped = 1; dropped <= MAX_COUNTRY_CODE_DIGITS; dropped++) into.add(`phone-end:${digits.slice(dropped)}`);
}

/**
 * Adds the person values of every string of a record (any JSON shape, JSON held in strings read as
 * redaction reads it), found by the detectors of the kinds asked for.
 */
export function addPersonValuesOfRecord(record: unknown, kinds: PersonKinds, into: Set<string>, jsonDepth = 0): void {
  if (!kinds.email && !kinds.phone) return;
  const enabled = { ...kinds, card: false, iban: false, ip: false };
  someLeaf(record, (leaf) => {
    if (typeof leaf !== "string") return false;
    const inner = jsonDepth < MAX_JSON_IN_STRING_DEPTH ? parseJsonContainer(leaf) : undefined;
    if (inner !== undefined) addPersonValuesOfRecord(inner, kinds, into, jsonDepth + 1);
    else for (const span of findSpans(leaf, enabled)) addPersonValuesOfSpan(leaf, span, into);
    return false;
  });
}

/** The person values any transcript that holds the query's address or number was given. */
export function personValuesOfQuery(query: ErasureQuery): string[] {
  if (query.kind === "email") return [`email:${query.address}`];
  const { isInternational, digits } = query.phone;
  if (!isInternational) return [`phone:${digits}`, `phone-end:${digits}`];
  const ends = Array.from({ length: MAX_COUNTRY_CODE_DIGITS }, (_, index) => `phone:${digits.slice(index + 1)}`);
  return [`phone:+${digits}`, ...ends];
}
