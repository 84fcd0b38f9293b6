// Erasure on request: what a stored record's JSON text must hold for the record to hold
// an e-mail address or phone number by ErasureMatcher (erasure.ts), so that the store can pass over
// most records without reading them out. It is a necessary condition, never a sufficient one: every
// record it passes is still confirmed by the matcher, and every record the matcher would match
// passes it.
//
// Why it holds: a match is a span of one string of the record (or of JSON held in one), and the
// record's JSON text writes that string's characters as themselves, with two exceptions. JSON may
// escape any character as \uXXXX: an escaped ASCII character is written "\u00..", so a text holding
// "\u00" always passes. And '/' may be written "\/": the backslash is one of the characters a phone
// number's digits may be separated by here.
// - E-mail: the matcher lower-cases the span and compares it with the lower-cased address. Each run
//   of ASCII characters of the address comes from the same characters of the span in either case
//   (the one other character lower-casing to ASCII, U+0130, yields "i" followed by U+0307: such an
//   "i" is left out of the runs). The longest run is the needle, compared ignoring ASCII case.
// - Phone: the matcher compares canonical digits (canonicalPhone), one number ending in the other
//   after a country code of 1-3 digits. So a matching number's canonical digits end in the query's
//   own (national query) or in all of the query's but its first three (international query), and
//   those digits stand in the text in order, separated only by the separators of phone.ts, the
//   parentheses of a group, '+' and '\'. The one exception is a "(0)" after the country code, left
//   out of the canonical digits while it stands between them in the text: a text holding "(0)"
//   always passes.
import type { ErasureQuery } from "./erasure";

/** The characters that may stand between a phone number's digits in a record's JSON text. */
export const PHONE_DIGIT_JOINERS = " -./()+\\_";

/** A JSON escape of an ASCII character, and the trunk prefix the canonical digits leave out. */
const ESCAPED_ASCII = "\\u00";
const TRUNK_ZERO = "(0)";

/** What a candidate's JSON text holds: a needle, or any of `orHolds` (texts the needle cannot see through). */
export type ErasurePrefilter =
  /** This text, ignoring the case of ASCII letters (given in lower case, ASCII only). */
  | { kind: "text"; text: string; orHolds: string[] }
  /** These digits in this order, with only characters of `joiners` between them. */
  | { kind: "digits"; digits: string; joiners: string; orHolds: string[] };

/** The country code a national number may be compared without, at most (isSamePhone). */
const MAX_COUNTRY_CODE_DIGITS = 3;

export function erasurePrefilter(query: ErasureQuery): ErasurePrefilter {
  if (query.kind === "email") return { kind: "text", text: longestAsciiRun(query.address), orHolds: [ESCAPED_ASCII] };
  const { isInternational, digits } = query.phone;
  return {
    kind: "digits",
    digits: isInternational ? digits.slice(MAX_COUNTRY_CODE_DIGITS) : digits,
    joiners: PHONE_DIGIT_JOINERS,
    orHolds: [ESCAPED_ASCII, TRUNK_ZERO],
  };
}

/** The longest run of ASCII characters of the lower-cased address, each standing for itself in the text. */
function longestAsciiRun(address: string): string {
  let longest = "";
  let run = "";
  for (let index = 0; index < address.length; index++) {
    const code = address.charCodeAt(index);
    const isOwnAscii = code < 0x80 && !(address[index] === "i" && address.charCodeAt(index + 1) === 0x307);
    if (isOwnAscii) {
      run += address[index];
      if (run.length > longest.length) longest = run;
    } else {
      run = "";
    }
  }
  return longest;
}
