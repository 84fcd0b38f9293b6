// Where a dashboard search lies in a shown message, for highlighting it on the transcript page.
// The list found the transcript by the search's rule (lib/transcripts/search-text.ts: case-insensitive,
// a run of whitespace counting as one space); the same rule finds the places in the message's text.
import { normalizeSearchQuery, SEARCH_QUERY_MAX_LENGTH } from "@/lib/transcripts/search-text";
import { messageTokens } from "./message-tokens";

export interface TextPart {
  text: string;
  match: boolean;
}

/** The search to highlight, folded as the list folds it; null when there is none or it could not be a list search. */
export function highlightedSearch(search: string | null | undefined): string | null {
  if (!search || search.length > SEARCH_QUERY_MAX_LENGTH) return null;
  return normalizeSearchQuery(search);
}

const WHITESPACE = /\s/;

/**
 * The ranges [start, end) of `text` where the folded query occurs, left to right, without overlap.
 * The text is folded one character at a time, remembering where in the original each folded
 * character came from, so that a match maps back onto the characters as written.
 */
export function matchRanges(text: string, foldedQuery: string): [number, number][] {
  if (foldedQuery === "") return [];
  let folded = "";
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  while (index < text.length) {
    const size = text.codePointAt(index)! > 0xffff ? 2 : 1;
    const character = text.slice(index, index + size);
    let end = index + size;
    let foldedCharacter: string;
    if (WHITESPACE.test(character)) {
      while (end < text.length && WHITESPACE.test(text[end])) end += 1;
      foldedCharacter = " ";
    } else {
      foldedCharacter = character.toWellFormed().toLowerCase();
    }
    for (let unit = 0; unit < foldedCharacter.length; unit++) {
      starts.push(index);
      ends.push(end);
    }
    folded += foldedCharacter;
    index = end;
  }
  const ranges: [number, number][] = [];
  for (let at = folded.indexOf(foldedQuery); at >= 0; at = folded.indexOf(foldedQuery, at + foldedQuery.length)) {
    ranges.push([starts[at], ends[at + foldedQuery.length - 1]]);
  }
  return ranges;
}

/** The text cut into the matches of the folded query and the text between them. */
export function matchParts(text: string, foldedQuery: string | null): TextPart[] {
  const ranges = foldedQuery ? matchRanges(text, foldedQuery) : [];
  const parts: TextPart[] = [];
  let last = 0;
  for (const [start, end] of ranges) {
    if (start > last) parts.push({ text: text.slice(last, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    last = end;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last), match: false });
  return parts;
}

/**
 * How many matches a message shows: counted within each piece of text the page renders on its own
 * (a line, a bold span, a link), as the page marks them.
 */
export function messageMatchCount(text: string, foldedQuery: string | null): number {
  if (!foldedQuery) return 0;
  let count = 0;
  for (const line of messageTokens(text)) for (const token of line.tokens) count += matchRanges(token.text, foldedQuery).length;
  return count;
}
