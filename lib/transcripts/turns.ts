// Only entries of type text (bot) and request (user) are conversation turns;
// they alone are shown, counted as messages and timed.
import type { DialogEntry, TurnType } from "./types";

export function isTurn(entry: Pick<DialogEntry, "type">): entry is DialogEntry & { type: TurnType } {
  return entry.type === "text" || entry.type === "request";
}

/** A request is the user's turn (shown on the right); a text entry is the bot's (on the left). */
export function turnRole(entry: Pick<DialogEntry, "type">): "user" | "bot" {
  return entry.type === "request" ? "user" : "bot";
}

export function turnsOf<T extends Pick<DialogEntry, "type">>(dialog: readonly T[]): T[] {
  return dialog.filter((entry) => isTurn(entry));
}
