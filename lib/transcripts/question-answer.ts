// The question is the first request turn's query; the answer is the message of the
// first text turn after it. A request turn without any text (a bare launch or a button without a
// label) is passed over, and so is a text turn without text.
import { messageText } from "./message-text";
import type { DialogEntry } from "./types";

export function questionAndAnswer(dialog: readonly Pick<DialogEntry, "type" | "payload">[]): { question: string; answer: string } {
  let question = "";
  let index = 0;
  for (; index < dialog.length; index++) {
    const entry = dialog[index];
    if (entry.type !== "request") continue;
    const text = messageText(entry);
    if (text !== null) {
      question = text.trim();
      break;
    }
  }
  if (!question) return { question: "", answer: "" };
  for (index += 1; index < dialog.length; index++) {
    const entry = dialog[index];
    if (entry.type !== "text") continue;
    const text = messageText(entry);
    if (text !== null) return { question, answer: text.trim() };
  }
  return { question, answer: "" };
}
