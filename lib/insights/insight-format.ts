// Analytics: how the insights' figures read: shares as percentages, lengths in messages,
// and each figure's change from the period before.

/** "12.5%", "100%", or "–" when there is no figure (nothing to divide). */
export function formatShare(share: number | null): string {
  if (share === null) return "–";
  const percent = Math.round(share * 1000) / 10;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}

/** "4 messages", "4.5 messages", "1 message", or "–". */
export function formatMessages(count: number | null): string {
  if (count === null) return "–";
  return `${count.toLocaleString("en-US")} ${count === 1 ? "message" : "messages"}`;
}

export interface FigureChange {
  direction: "up" | "down" | "same" | "none";
  /** "+2.5 pts", "−1 message", "No change", "No earlier data". */
  label: string;
}

/**
 * The change from `previous` to `current`: in percentage points for shares, in messages for
 * lengths; "none" when either period has no figure.
 */
export function figureChange(current: number | null, previous: number | null, unit: "share" | "messages"): FigureChange {
  if (current === null || previous === null) return { direction: "none", label: "No earlier data" };
  const difference = unit === "share" ? Math.round((current - previous) * 1000) / 10 : Math.round((current - previous) * 10) / 10;
  if (difference === 0) return { direction: "same", label: "No change" };
  const size = Math.abs(difference);
  const amount = unit === "share" ? `${size} pts` : `${size} ${size === 1 ? "message" : "messages"}`;
  return { direction: difference > 0 ? "up" : "down", label: `${difference > 0 ? "+" : "−"}${amount}` };
}
