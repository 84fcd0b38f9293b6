// Spec section 2 (Transcript page, rendering rules): URLs become links that open in a new tab,
// with trailing punctuation left out of the link; **bold** text, the start of numbered or bulleted
// list items and the word 'Reference:' are emphasised. The text is cut into tokens that the page
// renders as React nodes, so no markup in a message is ever interpreted: only http and https URLs
// become links, and anything else (javascript:, data:, HTML tags) stays plain text.

export type InlineToken =
  | { kind: "text"; text: string; strong: boolean }
  | { kind: "link"; text: string; href: string; strong: boolean }
  | { kind: "reference"; text: string };

export interface LineTokens {
  /** '1.', '2)', '-', '*' or '•' when the line starts a list item. */
  listMarker: string | null;
  tokens: InlineToken[];
}

const LIST_START = /^(\s*)(\d{1,3}[.)]|[-*•])\s+/;
const BOLD = /\*\*(?=\S)([\s\S]*?\S)\*\*/g;
const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`/\\][^\s<>"'`]*/gi;
const REFERENCE = /\bReference:/g;
const TRAILING_PUNCTUATION = /[.,;:!?'"*]+$/;
const CLOSERS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

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
  for (const match of text.matchAll(BOLD)) {
    const index = match.index ?? 0;
    if (index > last) tokens.push(...linkTokens(text.slice(last, index), false));
    tokens.push(...linkTokens(match[1], true));
    last = index + match[0].length;
  }
  if (last < text.length) tokens.push(...linkTokens(text.slice(last), false));
  return mergeText(tokens);
}

function linkTokens(text: string, strong: boolean): InlineToken[] {
  const tokens: InlineToken[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const index = match.index ?? 0;
    const url = trimUrl(match[0]);
    const href = safeHref(url);
    if (!href) continue;
    if (index > last) tokens.push(...referenceTokens(text.slice(last, index), strong));
    tokens.push({ kind: "link", text: url, href, strong });
    last = index + url.length;
  }
  if (last < text.length) tokens.push(...referenceTokens(text.slice(last), strong));
  return tokens;
}

function referenceTokens(text: string, strong: boolean): InlineToken[] {
  const tokens: InlineToken[] = [];
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    const index = match.index ?? 0;
    if (index > last) tokens.push({ kind: "text", text: text.slice(last, index), strong });
    tokens.push({ kind: "reference", text: match[0] });
    last = index + match[0].length;
  }
  if (last < text.length) tokens.push({ kind: "text", text: text.slice(last), strong });
  return tokens;
}

/**
 * Leaves trailing punctuation out of a URL: sentence marks always, and a closing bracket unless
 * the URL opened it itself (https://en.wikipedia.org/wiki/Foo_(bar) keeps its parenthesis).
 */
export function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const trimmed = url.replace(TRAILING_PUNCTUATION, "");
    const lastChar = trimmed.slice(-1);
    const opener = CLOSERS[lastChar];
    if (opener && count(trimmed, lastChar) > count(trimmed, opener)) {
      url = trimmed.slice(0, -1);
      continue;
    }
    return trimmed;
  }
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
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

function mergeText(tokens: InlineToken[]): InlineToken[] {
  const merged: InlineToken[] = [];
  for (const token of tokens) {
    const previous = merged[merged.length - 1];
    if (token.kind === "text" && previous?.kind === "text" && previous.strong === token.strong) {
      merged[merged.length - 1] = { ...previous, text: previous.text + token.text };
    } else if (token.kind !== "text" || token.text !== "") {
      merged.push(token);
    }
  }
  return merged;
}
