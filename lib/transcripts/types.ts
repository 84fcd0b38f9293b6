// The stored shape of a transcript's dialog: every entry as the platform sent it,
// plus `timestamp`, the entry's time as an ISO instant (UTC) or null when the platform gave none.

/** One dialog entry. Only `text` (bot) and `request` (user) entries are conversation turns. */
export interface DialogEntry {
  type: string;
  timestamp: string | null;
  payload?: unknown;
  [key: string]: unknown;
}

export type TurnType = "text" | "request";

/** A transcript after normalisation, before the derived columns are computed. */
export interface TranscriptRecord {
  id: string;
  sessionId: string;
  createdAt: Date;
  updatedAt: Date;
  device: string | null;
  os: string | null;
  browser: string | null;
  dialog: DialogEntry[];
  /** Other fields of the source record (projectID, reportTags, user, ...); null when there are none. */
  properties: Record<string, unknown> | null;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
