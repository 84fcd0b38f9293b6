// Addresses of the transcript page, and of one message on it: Feedback Management links each rating
// to the message it rates, which the page then scrolls to and marks. The dashboard's rows carry the
// search that found them, which the page highlights.

/** The query parameter holding the search to highlight. */
export const SEARCH_PARAMETER = "search";

export function transcriptPath(id: string, search?: string | null): string {
  const path = `/transcript/${encodeURIComponent(id)}`;
  return search ? `${path}?${new URLSearchParams({ [SEARCH_PARAMETER]: search })}` : path;
}

const MESSAGE_ANCHOR_PREFIX = "message-";

/** The id of a shown turn's element on the transcript page (its index among the shown turns). */
export function messageAnchorId(messageIndex: number): string {
  return `${MESSAGE_ANCHOR_PREFIX}${messageIndex}`;
}

export function messagePath(transcriptId: string, messageIndex: number): string {
  return `${transcriptPath(transcriptId)}#${messageAnchorId(messageIndex)}`;
}

/** The message index a location hash ("#message-3") points at, or null for any other hash. */
export function anchoredMessageIndex(hash: string): number | null {
  const match = /^#?message-(\d{1,6})$/.exec(hash);
  return match ? Number(match[1]) : null;
}
