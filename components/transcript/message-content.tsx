// Transcript page, rendering rules: renders a message's tokens as React nodes;
// links open in a new tab; bold text, list starts and 'Reference:' are emphasised. Nothing in
// the text is ever read as markup. A search that led here is marked wherever it occurs. The
// placeholders of redacted values show as badges named for what they replaced.
import { Fragment, type ReactNode } from "react";
import clsx from "clsx";
import { messageTokens, type InlineToken } from "@/lib/transcript-view/message-tokens";
import { MATCH_MARK_CLASS } from "@/components/ui/highlighted-text";
import { matchRanges } from "@/lib/transcript-view/search-matches";
import { placeholderPieces, type MarkedPart, type PlaceholderPiece } from "@/lib/transcript-view/placeholder-pieces";
import { placeholderLabel } from "@/lib/format/privacy";

/** The search to mark in a message: the folded query, the number of the message's first match on the page, and the current match's. */
export interface MessageSearch {
  query: string;
  firstMatch: number;
  currentMatch: number;
}

/** The element of the page's match number `match` (numbered in reading order from 0). */
export function searchMatchSelector(match: number): string {
  return `mark[data-search-match="${match}"]`;
}

function Inline({ token, marked }: { token: InlineToken; marked: ReactNode }) {
  if (token.kind === "reference") return <strong className="font-semibold">{marked}</strong>;
  const content =
    token.kind === "link" ? (
      <a
        href={token.href}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all font-medium underline underline-offset-2 hover:no-underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
      >
        {marked}
      </a>
    ) : (
      marked
    );
  return token.strong ? <strong className="font-semibold">{content}</strong> : <>{content}</>;
}

/** A placeholder in place of a redacted value: its text as written, named for what it replaced. */
function PlaceholderBadge({ name, children }: { name: string; children: ReactNode }) {
  const label = placeholderLabel(name);
  return (
    <span
      role="img"
      aria-label={label}
      title={label.charAt(0).toUpperCase() + label.slice(1)}
      data-placeholder={name}
      className="mx-px inline-block max-w-full break-all rounded bg-current/10 px-1 align-baseline indent-0 font-mono text-[0.85em] leading-snug ring-1 ring-inset ring-current/25"
    >
      {children}
    </span>
  );
}

/**
 * `search`: the search to mark; `customPlaceholders`: the saved custom patterns' names, shown as
 * badges besides the built-in placeholders (empty when the page cannot know them).
 */
export function MessageContent({
  text,
  search,
  customPlaceholders = [],
}: {
  text: string;
  search?: MessageSearch;
  customPlaceholders?: readonly string[];
}) {
  // Matches are numbered in reading order from the message's first one on the page, within each
  // token as messageMatchCount counts them.
  let nextMatch = search?.firstMatch ?? 0;
  const lines: { listMarker: string | null; tokens: { token: InlineToken; firstMatch: number; pieces: PlaceholderPiece[] }[] }[] = [];
  for (const line of messageTokens(text)) {
    const tokens = [];
    for (const token of line.tokens) {
      const ranges = search ? matchRanges(token.text, search.query) : [];
      // Only plain text holds placeholders: a link's text is its address.
      tokens.push({
        token,
        firstMatch: nextMatch,
        pieces: placeholderPieces(token.text, token.kind === "text" ? customPlaceholders : null, ranges),
      });
      nextMatch += ranges.length;
    }
    lines.push({ listMarker: line.listMarker, tokens });
  }
  const markParts = (parts: MarkedPart[], firstMatch: number): ReactNode =>
    parts.map((part, index) => {
      if (part.match === null) return <Fragment key={index}>{part.text}</Fragment>;
      const match = firstMatch + part.match;
      return (
        <mark
          key={index}
          data-search-match={match}
          aria-current={match === search?.currentMatch ? "true" : undefined}
          className={clsx("scroll-mt-24", MATCH_MARK_CLASS, match === search?.currentMatch && "bg-orange-300 outline-2 outline-orange-500")}
        >
          {part.text}
        </mark>
      );
    });
  return (
    <div className="space-y-1 break-words text-sm leading-relaxed">
      {lines.map((line, lineIndex) => (
        <p key={lineIndex} className={line.listMarker ? "pl-5 -indent-5" : line.tokens.length === 0 ? "h-2" : undefined}>
          {line.listMarker ? <strong className="mr-1.5 inline-block min-w-3.5 indent-0 font-semibold">{line.listMarker}</strong> : null}
          {line.tokens.map(({ token, firstMatch, pieces }, index) => (
            <Fragment key={index}>
              <Inline
                token={token}
                marked={pieces.map((piece, pieceIndex) =>
                  piece.kind === "placeholder" ? (
                    <PlaceholderBadge key={pieceIndex} name={piece.name}>
                      {markParts(piece.parts, firstMatch)}
                    </PlaceholderBadge>
                  ) : (
                    <Fragment key={pieceIndex}>{markParts(piece.parts, firstMatch)}</Fragment>
                  ),
                )}
              />
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
