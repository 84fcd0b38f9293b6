// Transcript page, rendering rules: URLs become links that open in a new tab,
// with trailing punctuation left out of the link; **bold** text, the start of numbered or bulleted
// list items and the word 'Reference:' are emphasised. The text is cut into tokens that the page
// renders as React nodes, so no markup in a message is ever interpreted: only http and https URLs
// become links, and anything else (javascript:, data:, HTML tags) stays plain text.
//
// Anyone holding an ingest key chooses the text, so tokenising takes time linear in its length:
// no pattern here can backtrack over a run of characters, and the scans that find a bold span's
// closing marker and a URL's trailing punctuation never go back over what they passed. Tokens go
// into one list as they are found: spreading a long list into push() would overflow the stack.

export type InlineToken =
  | { kind: "text"; text: string; strong: boolean }
  | { kind: "link"; text: string; href: string; strong: boolean }
  | { kind: "reference"; text: string };

export interface LineTokens {
  /** '1.', '2)', '-', '*' or '•' when the line starts a list item. */
  listMarker: string | null;
  tokens: InlineToken[];
}

// Anchored at the line's start, so it is tried once per line.
const LIST_START = /^(\s*)(\d{1,3}[.)]|[-*•])\s+/;
// A bold span opens at '**' followed by a non-space and closes at the first non-space followed
// by '**' after that: the lazy match of /\*\*(?=\S)([\s\S]*?\S)\*\*/, found by two forward scans.
const BOLD_OPENER = /\*\*(?=\S)/g;
const BOLD_CLOSER = /\S\*\*/g;
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`/\\][^\s<>"'`]*/gi;
const REFERENCE = /\bReference:/g;
// Compared by character code, so that walking back over a long run makes no string per character.
const codes = (chars: string) => Array.from(chars, (char) => char.charCodeAt(0));
const TRAILING_PUNCTUATION = new Set(codes(".,;:!?'\"*"));
const CLOSERS = codes(")]}");
const OPENERS = codes("([{");

/** Splits a message into lines of tokens. */
export function messageTokens(text: string): LineTokens[] {
  return text.split(/\r\n|\r|\n/).map(lineTokens);
}

function lineTokens(line: string): LineTokens {
  const list = LIST_START.exec(line);
  const rest = list ? line.slice(list[0].length) : line;
  return { listMarker: list ? list[2] : null, tokens: inlineTokens(rest) };
}

/** Bold spans first, then links and 'Reference:' inside each span. */
export function inlineTokens(text: string): InlineToken[] {
  const tokens: InlineToken[] = [];
  let last = 0;
  // test() moves lastIndex past the match without building a match object.
  BOLD_OPENER.lastIndex = 0;
  while (BOLD_OPENER.test(text)) {
    const opening = BOLD_OPENER.lastIndex - 2;
    BOLD_CLOSER.lastIndex = opening + 2;
    // No span closes after this opener, so none closes after any later one either.
    if (!BOLD_CLOSER.test(text)) break;
    const end = BOLD_CLOSER.lastIndex;
    addLinkTokens(tokens, text.slice(last, opening), false);
    addLinkTokens(tokens, text.slice(opening + 2, end - 2), true);
    last = end;
    BOLD_OPENER.lastIndex = end;
  }
  addLinkTokens(tokens, text.slice(last), false);
  return tokens;
}

function addLinkTokens(tokens: InlineToken[], text: string, strong: boolean): void {
  let last = 0;
  URL_CANDIDATE.lastIndex = 0;
  for (let match = URL_CANDIDATE.exec(text); match; match = URL_CANDIDATE.exec(text)) {
    const url = trimUrl(match[0]);
    const href = safeHref(url);
    if (!href) continue;
    addReferenceTokens(tokens, text.slice(last, match.index), strong);
    tokens.push({ kind: "link", text: url, href, strong });
    last = match.index + url.length;
  }
  addReferenceTokens(tokens, text.slice(last), strong);
}

function addReferenceTokens(tokens: InlineToken[], text: string, strong: boolean): void {
  let last = 0;
  REFERENCE.lastIndex = 0;
  for (let match = REFERENCE.exec(text); match; match = REFERENCE.exec(text)) {
    addText(tokens, text.slice(last, match.index), strong);
    tokens.push({ kind: "reference", text: match[0] });
    last = match.index + match[0].length;
  }
  addText(tokens, text.slice(last), strong);
}

/** Adds text, joined to the text before it when both are equally strong; empty text adds nothing. */
function addText(tokens: InlineToken[], text: string, strong: boolean): void {
  if (text === "") return;
  const previous = tokens[tokens.length - 1];
  if (previous?.kind === "text" && previous.strong === strong) previous.text += text;
  else tokens.push({ kind: "text", text, strong });
}

/**
 * Leaves trailing punctuation out of a URL: sentence marks always, and a closing bracket unless
 * the URL opened it itself (https://en.wikipedia.org/wiki/Foo_(bar) keeps its parenthesis).
 * Walks back from the end once, counting each kind of bracket once, when its closer is first met.
 */
export function trimUrl(candidate: string): string {
  let end = candidate.length;
  // By kind of bracket: how many more closers than openers candidate[0, end) holds.
  const unopened: number[] = [];
  for (;;) {
    while (end > 0 && TRAILING_PUNCTUATION.has(candidate.charCodeAt(end - 1))) end -= 1;
    const kind = CLOSERS.indexOf(candidate.charCodeAt(end - 1));
    if (kind < 0) return candidate.slice(0, end);
    unopened[kind] ??= countUnopened(candidate, end, kind);
    if (unopened[kind] <= 0) return candidate.slice(0, end);
    unopened[kind] -= 1;
    end -= 1;
  }
}

/** How many more closers than openers of the kind of bracket the text's first `end` characters hold. */
function countUnopened(text: string, end: number, kind: number): number {
  const closer = CLOSERS[kind];
  const opener = OPENERS[kind];
  let unopened = 0;
  for (let index = 0; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === closer) unopened += 1;
    else if (code === opener) unopened -= 1;
  }
  return unopened;
}

/** The URL as a link target when it is a well-formed http or https URL with a host, else null. */
export function safeHref(url: string): string | null {
  if (!/^https?:\/\/[^/\\\s]/i.test(url)) return null;
  try {
    const parsed = new URL(url);
    if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.hostname === "") return null;
    return parsed.href;
  } catch {
    return null;
  }
}
