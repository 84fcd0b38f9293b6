// Feedback management, Comment column: the comment is truncated in the table and
// shown in full on hover.
import { singleLine } from "@/lib/format/single-line";

export const COMMENT_PREVIEW_LENGTH = 60;
const ELLIPSIS = "…";

/**
 * The comment on one line, cut to at most `max` characters (the ellipsis included), at a word
 * boundary when one is near; `isTruncated` says whether the preview differs from the comment
 * (something was cut, or line breaks were folded).
 */
export function truncateComment(comment: string, max: number = COMMENT_PREVIEW_LENGTH): { text: string; isTruncated: boolean } {
  const oneLine = singleLine(comment);
  const chars = Array.from(oneLine);
  if (chars.length <= max) return { text: oneLine, isTruncated: oneLine !== comment };
  const cut = chars.slice(0, Math.max(1, max - 1)).join("");
  const lastSpace = cut.lastIndexOf(" ");
  const head = lastSpace >= cut.length * 0.6 ? cut.slice(0, lastSpace) : cut;
  return { text: `${head.trimEnd()}${ELLIPSIS}`, isTruncated: true };
}
