// Where a dashboard search lies in a shown message, for highlighting it on the transcript page.
// The list found the transcript by the search's rule (lib/transcripts/search-text.ts: case-insensitive,
// a run of whitespace counting as one space); the same rule finds the places in the message's text.
import { foldSearchText, normalizeSearchQuery, SEARCH_QUERY_MAX_LENGTH } from "@/lib/transcripts/search-text";
import { singleLine } from "@/lib/format/single-line";
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
  // Most texts do not hold the query: folding the whole text at once tells so quickly.
  if (foldedQuery === "" || !foldSearchText(text).includes(foldedQuery)) return [];
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

/**
 * Characters of a snippet kept before and after the match it shows, about: few before, so that the
 * match stays in sight in the list's one-line cell.
 */
export const SNIPPET_BEFORE = 24;
export const SNIPPET_AFTER = 80;

/**
 * Where a transcript holds the search, for its row in the list: the first message holding it, on
 * one line, cut around the first match (at a space where one is near), with an ellipsis where text
 * was left out. Null when no message holds it.
 */
export function searchSnippet(messages: readonly string[], foldedQuery: string): string | null {
  for (const message of messages) {
    const line = singleLine(message);
    const [first] = matchRanges(line, foldedQuery);
    if (!first) continue;
    const [start, end] = first;
    let from = Math.max(0, start - SNIPPET_BEFORE);
    let to = Math.min(line.length, end + SNIPPET_AFTER);
    if (from > 0) {
      const space = line.indexOf(" ", from);
      from = space >= 0 && space < start ? space + 1 : from;
      if (isLowSurrogate(line, from)) from += 1;
    }
    if (to < line.length) {
      const space = line.lastIndexOf(" ", to);
      to = space >= end ? space : to;
      if (isLowSurrogate(line, to)) to -= 1;
    }
    return `${from > 0 ? "…" : ""}${line.slice(from, to).trim()}${to < line.length ? "…" : ""}`;
  }
  return null;
}

/** The code unit at `index` is the second half of a character outside the basic plane. */
function isLowSurrogate(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  return unit >= 0xdc00 && unit <= 0xdfff;
}
