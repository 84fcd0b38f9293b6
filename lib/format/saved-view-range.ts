// The dates a saved view opens on, as its menu shows them: "Last 7 days" for a relative range
// (the last N days whenever it is opened), else its fixed dates.
import { formatDate } from "./date-time";
import { parseRelativeRange, relativeRangeDays } from "@/lib/schemas/transcripts";

/** The dates of a saved view's query; null when it names none. */
export function savedViewRangeLabel(query: string): string | null {
  const params = new URLSearchParams(query);
  const relative = parseRelativeRange(params.get("range"));
  if (relative) return `Last ${relativeRangeDays(relative)} days`;
  const start = Date.parse(params.get("startTime") ?? "");
  const end = Date.parse(params.get("endTime") ?? "");
  if (!Number.isFinite(start) || !Number.isFinite(end)) return null;
  return `${formatDate(start)} – ${formatDate(end)}`;
}
