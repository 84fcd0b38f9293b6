// Search is a case-insensitive substring match over the text of every text and request turn, with
// the same meaning on SQLite and PostgreSQL: the stored text and the query are folded the same way
// here (whitespace runs become one space, lower case), and both databases then match exactly.

/** Longest query accepted; longer input is refused by the list contract. */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** The stored search text is capped so that one enormous transcript cannot swamp the index. */
export const SEARCH_TEXT_MAX_LENGTH = 200_000;
/** Queries shorter than this (in characters) cannot use a trigram index. */
export const TRIGRAM_MIN_LENGTH = 3;

/** Whitespace that folding changes: a run of two or more, or any but a plain space. */
const UNFOLDED_WHITESPACE = /\s{2}|[^\S ]/;

export function foldSearchText(text: string): string {
  // A lone UTF-16 surrogate becomes U+FFFD, as PostgreSQL stores it, so that both databases hold
  // (and index) the same characters. Most texts hold single spaces only: testing first spares
  // building a copy of each.
  const wellFormed = text.toWellFormed();
  const spaced = UNFOLDED_WHITESPACE.test(wellFormed) ? wellFormed.replace(/\s+/g, " ") : wellFormed;
  return spaced.trim().toLowerCase();
}

/** The stored form: each turn's folded text, one turn a line. */
export function buildSearchText(turnTexts: readonly string[]): string {
  const text = turnTexts.map(foldSearchText).filter(Boolean).join("\n");
  return text.length > SEARCH_TEXT_MAX_LENGTH ? text.slice(0, SEARCH_TEXT_MAX_LENGTH) : text;
}

/** The folded query, or null when nothing is left to search for. */
export function normalizeSearchQuery(query: string | null | undefined): string | null {
  if (!query) return null;
  const folded = foldSearchText(query);
  return folded === "" ? null : folded;
}

/** Length in characters (code points), as the trigram tokenizers count. */
export function characterLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}
