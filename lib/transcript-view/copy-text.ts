// Copied transcript lines look like '[time] User: text' or '[time] Bot: text'.
import { formatTimeOfDay } from "@/lib/format/time-of-day";
import type { ShownTurn } from "./shown-turns";

const SPEAKER: Record<ShownTurn["role"], string> = { user: "User", bot: "Bot" };

export function transcriptCopyText(turns: readonly ShownTurn[]): string {
  return turns.map((turn) => `[${formatTimeOfDay(turn.timestamp)}] ${SPEAKER[turn.role]}: ${turn.text}`).join("\n");
}
