// Erasure on request: which transcripts hold a given e-mail address or phone number.
// The query and the texts are read by the same detectors as redaction, so that they agree on what
// an address or a number is: e-mail addresses compare case-insensitively; phone numbers compare by
// their digits, with a national number (trunk prefix 0 or 8 dropped) matching an international one
// that ends in it after a country code of 1-3 digits. A national number carries no country, so
// "020 7946 0958" matches +44 20 7946 0958 and also +1 207 946 0958: the count is previewed before
// anything is erased. Once a value is redacted it is gone: this finds values only in texts stored
// with that kind's redaction off or before redaction was on.
import { canonicalEmail } from "./email";
import { findSpans, type EnabledKinds } from "./find-spans";
import { parseJsonContainer } from "./json-text";
import { someLeaf } from "./map-leaves";
import { phoneAt, type PhoneCandidate } from "./phone";
import type { Group } from "./phone-shapes";
import { BUILT_IN_PLACEHOLDER_NAMES, placeholder } from "./placeholders";

export type ErasureKind = "email" | "phone";

export interface CanonicalPhone {
  /** Dialled with a country code: digits are the country code and the national number. */
  isInternational: boolean;
  digits: string;
}

export type ErasureQuery = { kind: "email"; address: string } | { kind: "phone"; phone: CanonicalPhone };
export type NormalizedErasureQuery = { ok: true; query: ErasureQuery } | { ok: false; message: string };

const ONLY = (kind: "email" | "phone"): EnabledKinds => ({
  email: kind === "email",
  phone: kind === "phone",
  card: false,
  iban: false,
  ip: false,
});
const EMAIL_ONLY = ONLY("email");
const PHONE_ONLY = ONLY("phone");
/** Strings holding JSON are read inside this many levels deep. */
const MAX_JSON_IN_STRING_DEPTH = 4;
/** What an administrator may type for a phone number the detector would not find on its own (5551234567). */
const LOOSE_PHONE = /^\+?[\d\s().\/-]+$/;

/** The query as the matcher compares it, or a message saying what to enter. */
export function normalizeErasureQuery(kind: ErasureKind, value: string): NormalizedErasureQuery {
  const text = value.trim();
  if (kind === "email") {
    const address = canonicalEmail(text);
    return address ? { ok: true, query: { kind, address } } : { ok: false, message: "Enter one e-mail address, such as name@example.com" };
  }
  const candidate = phoneAt(text, 0);
  if (candidate && candidate.end === text.length) return { ok: true, query: { kind, phone: canonicalPhone(text, candidate) } };
  const digits = text.replace(/\D/g, "");
  if (LOOSE_PHONE.test(text) && digits.length >= 7 && digits.length <= 15) {
    const isInternational = text.startsWith("+") || digits.startsWith("00");
    const phone = text.startsWith("+") ? digits : digits.startsWith("0") ? digits.slice(isInternational ? 2 : 1) : digits;
    return { ok: true, query: { kind, phone: { isInternational, digits: phone } } };
  }
  return { ok: false, message: "Enter one phone number, such as +49 151 23456789 or 0151 23456789" };
}

const groupDigits = (text: string, group: Group) => text.slice(group.digitsStart, group.digitsEnd);

/** A found phone number's digits as they are compared (see the file's comment). */
export function canonicalPhone(text: string, candidate: PhoneCandidate): CanonicalPhone {
  const { groups } = candidate;
  // "+44 (0)20 ...": the trunk prefix in parentheses is not part of the number dialled from abroad.
  const dialled = groups.filter((group, index) => !(index === 1 && group.isParenthesized && groupDigits(text, group) === "0"));
  const digits = dialled.map((group) => groupDigits(text, group)).join("");
  if (candidate.isInternational) return { isInternational: true, digits };
  if (digits.startsWith("00")) return { isInternational: true, digits: digits.slice(2) };
  const first = groupDigits(text, groups[0]);
  // 1-800-555-0199 carries North America's country code; 8 (912) 345-67-89 Russia's trunk prefix.
  if (first === "1" && groups.length === 4) return { isInternational: true, digits };
  if ((first === "8" && groups.length === 5) || digits.startsWith("0")) return { isInternational: false, digits: digits.slice(1) };
  return { isInternational: false, digits };
}

export function isSamePhone(a: CanonicalPhone, b: CanonicalPhone): boolean {
  if (a.isInternational === b.isInternational) return a.digits === b.digits;
  const [international, national] = a.isInternational ? [a, b] : [b, a];
  const countryCodeLength = international.digits.length - national.digits.length;
  return countryCodeLength >= 1 && countryCodeLength <= 3 && international.digits.endsWith(national.digits);
}

export class ErasureMatcher {
  constructor(readonly query: ErasureQuery) {}

  /** Whether the text holds the query's address or number. */
  matchesText(text: string): boolean {
    const { query } = this;
    if (query.kind === "email") {
      if (!text.includes("@")) return false;
      return findSpans(text, EMAIL_ONLY).some((span) => text.slice(span.start, span.end).toLowerCase() === query.address);
    }
    return findSpans(text, PHONE_ONLY).some((span) => this.isQueryPhoneAt(text, span.start));
  }

  /** The text with each of its spans that is the query's address or number replaced by the kind's placeholder. */
  redactMatches(text: string): string {
    const { query } = this;
    const spans = findSpans(text, query.kind === "email" ? EMAIL_ONLY : PHONE_ONLY).filter((span) =>
      query.kind === "email" ? text.slice(span.start, span.end).toLowerCase() === query.address : this.isQueryPhoneAt(text, span.start),
    );
    let redacted = "";
    let last = 0;
    for (const span of spans) {
      redacted += text.slice(last, span.start) + placeholder(BUILT_IN_PLACEHOLDER_NAMES[query.kind]);
      last = span.end;
    }
    return redacted + text.slice(last);
  }

  private isQueryPhoneAt(text: string, start: number): boolean {
    const candidate = phoneAt(text, start);
    return this.query.kind === "phone" && candidate !== null && isSamePhone(canonicalPhone(text, candidate), this.query.phone);
  }

  /** Whether any string of a record (any JSON shape, JSON held in strings included) holds it. */
  matchesRecord(record: unknown, jsonDepth = 0): boolean {
    return someLeaf(record, (leaf) => {
      if (typeof leaf !== "string") return false;
      if (this.matchesText(leaf)) return true;
      const inner = jsonDepth < MAX_JSON_IN_STRING_DEPTH ? parseJsonContainer(leaf) : undefined;
      return inner !== undefined && this.matchesRecord(inner, jsonDepth + 1);
    });
  }
}
