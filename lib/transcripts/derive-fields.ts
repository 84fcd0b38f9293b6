// The columns derived once at ingest from a transcript's dialog, so that lists, search and exports
// never need to read the dialog again.
import { singleLine } from "@/lib/format/single-line";
import { formatDuration, turnsDurationMs } from "./duration";
import { messageText } from "./message-text";
import { questionAndAnswer } from "./question-answer";
import { buildSearchText } from "./search-text";
import { isTurn } from "./turns";
import { withoutNul } from "./normalize-transcript";
import type { DialogEntry } from "./types";

export const PREVIEW_MAX_LENGTH = 120;
/** Question and answer are kept whole up to this length (exports carry them). */
export const QUESTION_ANSWER_MAX_LENGTH = 10_000;

export interface DerivedFields {
  preview: string;
  /** Text and request turns. */
  messageCount: number;
  durationMs: number | null;
  question: string;
  answer: string;
  searchText: string;
}

export function deriveFields(dialog: readonly DialogEntry[]): DerivedFields {
  const turns = dialog.filter((entry) => isTurn(entry));
  // Stored columns cannot hold NUL characters on PostgreSQL (the dialog keeps them, JSON-escaped).
  const texts = turns
    .map((turn) => messageText(turn))
    .filter((text): text is string => text !== null)
    .map(withoutNul);
  const { question: rawQuestion, answer: rawAnswer } = questionAndAnswer(dialog);
  const question = withoutNul(rawQuestion);
  const answer = withoutNul(rawAnswer);
  return {
    preview: makePreview(question || texts[0] || ""),
    messageCount: turns.length,
    durationMs: turnsDurationMs(dialog),
    question: question.slice(0, QUESTION_ANSWER_MAX_LENGTH),
    answer: answer.slice(0, QUESTION_ANSWER_MAX_LENGTH),
    searchText: buildSearchText(texts),
  };
}

/**
 * The list's one-line preview: the user's first question, or else the first turn's text, on one
 * line and cut at PREVIEW_MAX_LENGTH characters with an ellipsis.
 */
export function makePreview(text: string): string {
  const line = singleLine(text);
  if (line.length <= PREVIEW_MAX_LENGTH) return line;
  // Cut by characters, not UTF-16 units, so that an emoji is never split in half.
  return `${Array.from(line)
    .slice(0, PREVIEW_MAX_LENGTH - 1)
    .join("")
    .trimEnd()}…`;
}

export { formatDuration };
