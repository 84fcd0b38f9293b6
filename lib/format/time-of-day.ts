// Transcript page: each message shows its time, e.g. '3:04:05 PM'; 'N/A' when missing.
import { format } from "date-fns";
import { NOT_AVAILABLE, toDate } from "./date-time";

export function formatTimeOfDay(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, "h:mm:ss a") : NOT_AVAILABLE;
}
