// Spec section 2 (Transcript page): each message shows its time, e.g. '3:04:05 PM'; 'N/A' when missing.
import { format, isValid } from "date-fns";
import { NOT_AVAILABLE } from "./date-time";

export function formatTimeOfDay(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === "") return NOT_AVAILABLE;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? format(date, "h:mm:ss a") : NOT_AVAILABLE;
}
