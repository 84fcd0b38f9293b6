// Spec section 2 (Transcript page, rendering rules): renders a message's tokens as React nodes;
// links open in a new tab; bold text, list starts and 'Reference:' are emphasised. Nothing in
// the text is ever read as markup. A search that led here is marked wherever it occurs.
import { Fragment, type ReactNode } from "react";
import clsx from "clsx";
import { messageTokens, type InlineToken } from "@/lib/transcript-view/message-tokens";
import { MATCH_MARK_CLASS } from "@/components/ui/highlighted-text";
import { matchParts } from "@/lib/transcript-view/search-matches";

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

export function MessageContent({ text, search }: { text: string; search?: MessageSearch }) {
  const lines = messageTokens(text);
  // Matches are numbered in reading order from the message's first one on the page.
  let nextMatch = search?.firstMatch ?? 0;
  const marked = (tokenText: string): ReactNode =>
    search
      ? matchParts(tokenText, search.query).map((part, index) => {
          if (!part.match) return <Fragment key={index}>{part.text}</Fragment>;
          const match = nextMatch++;
          return (
            <mark
              key={index}
              data-search-match={match}
              aria-current={match === search.currentMatch ? "true" : undefined}
              className={clsx(
                "scroll-mt-24",
                MATCH_MARK_CLASS,
                match === search.currentMatch && "bg-orange-300 outline-2 outline-orange-500",
              )}
            >
              {part.text}
            </mark>
          );
        })
      : tokenText;
  return (
    <div className="space-y-1 break-words text-sm leading-relaxed">
      {lines.map((line, lineIndex) => (
        <p key={lineIndex} className={line.listMarker ? "pl-5 -indent-5" : line.tokens.length === 0 ? "h-2" : undefined}>
          {line.listMarker ? <strong className="mr-1.5 inline-block min-w-3.5 indent-0 font-semibold">{line.listMarker}</strong> : null}
          {line.tokens.map((token, index) => (
            <Fragment key={index}>
              <Inline token={token} marked={marked(token.text)} />
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}
