// Transcript list and page: how ids, message counts and filter results read.
import { shortId, SHORT_ID_LENGTH } from "./short-id";

export const ID_ELLIPSIS = "...";

/** An id shown as its first 8 characters followed by an ellipsis (whole when it is no longer). */
export function truncatedId(id: string): string {
  return id.length > SHORT_ID_LENGTH ? `${shortId(id)}${ID_ELLIPSIS}` : id;
}

/** Messages read '{n} turns'. */
export function turnsLabel(count: number): string {
  return `${count} turns`;
}

/** Search & Filter: 'Showing {n} filtered result(s)'. */
export function filteredResultsText(count: number): string {
  return `Showing ${count} filtered result(s)`;
}
