// Transcript page: a message's text cut into plain text and the placeholders that
// replaced redacted values ([EMAIL], [PHONE], ... and the saved custom patterns' names), the page
// showing each placeholder as a badge. A search's matches are cut at the same places, so that a
// match stays marked where it runs into or out of a placeholder; each part keeps the number of the
// match it belongs to. Linear in the text's length, like the rest of the message's tokenising.
import { splitPlaceholders } from "@/lib/privacy/placeholders";

export interface MarkedPart {
  text: string;
  /** The index in `ranges` of the match this part belongs to, or null outside every match. */
  match: number | null;
}

export type PlaceholderPiece = { kind: "text"; parts: MarkedPart[] } | { kind: "placeholder"; name: string; parts: MarkedPart[] };

/**
 * `customNames`: the custom placeholders besides the built-in ones, or null for a text that holds
 * none (a link); `ranges`: the search's matches in the text, [start, end), in order, not overlapping.
 */
export function placeholderPieces(
  text: string,
  customNames: readonly string[] | null,
  ranges: readonly (readonly [number, number])[] = [],
): PlaceholderPiece[] {
  // Most messages hold no placeholder: one piece, without looking further.
  const tokens = customNames === null || !text.includes("[") ? [{ kind: "text" as const, text }] : splitPlaceholders(text, customNames);
  const pieces: PlaceholderPiece[] = [];
  let start = 0;
  let range = 0;
  for (const token of tokens) {
    const end = start + token.text.length;
    const parts: MarkedPart[] = [];
    let at = start;
    // Ranges that end within this token are done with; one that runs on is looked at again for the next.
    while (at < end) {
      while (range < ranges.length && ranges[range][1] <= at) range += 1;
      const current = ranges[range];
      if (!current || current[0] >= end) {
        parts.push({ text: text.slice(at, end), match: null });
        at = end;
      } else if (current[0] > at) {
        parts.push({ text: text.slice(at, current[0]), match: null });
        at = current[0];
      } else {
        const partEnd = Math.min(current[1], end);
        parts.push({ text: text.slice(at, partEnd), match: range });
        at = partEnd;
      }
    }
    if (parts.length === 0) parts.push({ text: "", match: null });
    pieces.push(token.kind === "placeholder" ? { kind: "placeholder", name: token.name, parts } : { kind: "text", parts });
    start = end;
  }
  return pieces;
}
