// Transcript page: only text (bot, left) and request (user, right) entries are
// shown, each with its text by the message text chain and its time. A turn's index is its 0-based
// position among the shown turns: the messageIndex that feedback refers to (lib/schemas/feedback.ts).
import { displayText } from "@/lib/transcripts/message-text";
import { turnRole, turnsOf } from "@/lib/transcripts/turns";
import type { DialogEntry } from "@/lib/transcripts/types";

export type TurnRole = "user" | "bot";

export interface ShownTurn {
  index: number;
  role: TurnRole;
  text: string;
  timestamp: string | null;
}

export function shownTurns(dialog: readonly DialogEntry[] | null | undefined): ShownTurn[] {
  if (!Array.isArray(dialog)) return [];
  return turnsOf(dialog).map((entry, index) => ({
    index,
    role: turnRole(entry),
    text: displayText(entry),
    timestamp: typeof entry.timestamp === "string" ? entry.timestamp : null,
  }));
}
