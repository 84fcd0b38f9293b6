// Timestamps read like 'Mar 5, 2025, 3:04 PM'; a missing or invalid date reads 'N/A'.
import { format, isValid } from "date-fns";

export const NOT_AVAILABLE = "N/A";

/** The date a value stands for, or null when it is missing or invalid. */
export function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return isValid(date) ? date : null;
}

/** Date and time in the viewer's time zone, e.g. 'Mar 5, 2025, 3:04 PM'. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, "MMM d, yyyy, h:mm a") : NOT_AVAILABLE;
}

/** Date only, e.g. 'Mar 5, 2025'. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, "MMM d, yyyy") : NOT_AVAILABLE;
}
