// Text with the places of a search marked (lib/transcript-view/search-matches.ts), as plain text
// nodes and <mark> elements only.
import { Fragment } from "react";
import { matchParts } from "@/lib/transcript-view/search-matches";

/** The look of a marked match. */
export const MATCH_MARK_CLASS = "rounded-[3px] bg-yellow-200 text-slate-950";

/** `query`: the folded search (highlightedSearch); nothing is marked without one. */
export function HighlightedText({ text, query }: { text: string; query: string | null }) {
  return (
    <>
      {matchParts(text, query).map((part, index) =>
        part.match ? (
          <mark key={index} className={MATCH_MARK_CLASS}>
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
