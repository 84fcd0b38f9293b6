// Issue 33: the signals derived once per transcript, from its normalised dialog
// (normalize-transcript.ts), at ingest and by the recompute job:
// - fallback: the bot did not understand. The platform says so (platform-traces.ts: a request
//   matched to the "None" intent; after a user message, a no-match `path` or `debug` trace), or a
//   bot answer (a text turn, or a voice agent's `speak` trace) holds a fallback phrase.
// - handoff: a human was asked for or reached: a handoff action trace, a request matched to a
//   handoff intent, or a user message (typed, or a button's label) holding a handoff phrase.
// - unanswered: the user's last message (typed or clicked) is followed by no bot answer: no text
//   turn with text, no `speak` trace, and none of the rich answers the chat shows (card, carousel,
//   image, buttons), even after a new launch of a reused session. A transcript without user
//   messages is not unanswered.
// - repeated: two of the first MAX_COMPARED_QUESTIONS real questions (real-question.ts) are
//   near-duplicates (near-duplicate.ts).
// - questionGroup / questionExample: the first real question, normalised (normalize-question.ts)
//   and as the user wrote it (trimmed, at most QUESTION_EXAMPLE_MAX_LENGTH characters); null when
//   the user asked no real question.
import { messageText } from "@/lib/transcripts/message-text";
import { withoutNul } from "@/lib/transcripts/normalize-transcript";
import type { DialogEntry } from "@/lib/transcripts/types";
import { hasNearDuplicates, questionForm, type QuestionForm } from "./near-duplicate";
import { groupKey, questionTokens } from "./normalize-question";
import {
  isHandoffName,
  isNoMatchDebugMessage,
  isNoMatchIntent,
  isNoMatchPath,
  isNoReplyRequest,
  requestIntentName,
  traceMessage,
  tracePath,
} from "./platform-traces";
import { isRealQuestion, typedText } from "./real-question";
import type { SignalRules } from "./signal-rules";

/**
 * The version of these rules. Raise it whenever a change here (or in the files this one uses)
 * can change a derived signal: stored transcripts with another version are derived again.
 */
export const SIGNALS_VERSION = 1;

/** Only the first questions of a conversation are compared, so that a long one costs no more than this. */
export const MAX_COMPARED_QUESTIONS = 20;
export const QUESTION_EXAMPLE_MAX_LENGTH = 500;

export interface TranscriptSignals {
  fallback: boolean;
  handoff: boolean;
  unanswered: boolean;
  repeated: boolean;
  questionGroup: string | null;
  questionExample: string | null;
}

/** Bot output that answers the user without being a text turn. */
const RICH_ANSWER_TYPES = new Set(["cardV2", "card", "carousel", "visual", "choice"]);

export function deriveSignals(dialog: readonly DialogEntry[], rules: SignalRules): TranscriptSignals {
  let fallback = false;
  let handoff = false;
  let hasUserMessage = false;
  let isAnswered = false;
  /** Whether the bot is now answering a user message (and not a launch or the user's silence). */
  let isAfterUserMessage = false;
  const botAnswers: string[] = [];
  const userMessages: string[] = [];
  const questions: QuestionForm[] = [];
  let questionExample: string | null = null;

  for (const entry of dialog) {
    switch (entry.type) {
      case "request": {
        if (isNoReplyRequest(entry)) {
          isAfterUserMessage = false;
          break;
        }
        const intent = requestIntentName(entry);
        if (intent !== null) {
          if (!fallback && isNoMatchIntent(intent)) fallback = true;
          if (!handoff && isHandoffName(intent)) handoff = true;
        }
        const text = messageText(entry);
        if (text === null) break;
        hasUserMessage = true;
        isAnswered = false;
        isAfterUserMessage = true;
        userMessages.push(text);
        const typed = questions.length < MAX_COMPARED_QUESTIONS ? typedText(entry) : null;
        if (typed !== null) {
          const tokens = questionTokens(typed);
          if (isRealQuestion(tokens)) {
            questions.push(questionForm(groupKey(tokens), tokens));
            questionExample ??= typed;
          }
        }
        break;
      }
      case "text": {
        const text = messageText(entry);
        if (text !== null) {
          isAnswered = true;
          botAnswers.push(text);
        }
        break;
      }
      case "speak": {
        const message = traceMessage(entry);
        if (message !== null && /\S/.test(message)) {
          isAnswered = true;
          botAnswers.push(message);
        }
        break;
      }
      case "path": {
        const path = tracePath(entry);
        if (isAfterUserMessage && path !== null && isNoMatchPath(path)) fallback = true;
        break;
      }
      case "debug": {
        const message = traceMessage(entry);
        if (isAfterUserMessage && message !== null && isNoMatchDebugMessage(message)) fallback = true;
        break;
      }
      case "launch":
      case "no-reply":
        isAfterUserMessage = false;
        break;
      default:
        if (RICH_ANSWER_TYPES.has(entry.type)) isAnswered = true;
        else if (!handoff && isHandoffName(entry.type)) handoff = true;
    }
  }

  if (!fallback) fallback = rules.fallback.matchesAny(botAnswers);
  if (!handoff) handoff = rules.handoff.matchesAny(userMessages);
  return {
    fallback,
    handoff,
    unanswered: hasUserMessage && !isAnswered,
    repeated: hasNearDuplicates(questions),
    questionGroup: questions.length > 0 ? questions[0].key : null,
    questionExample: questionExample === null ? null : exampleOf(questionExample),
  };
}

/** The question as written: trimmed, without NUL characters, cut at QUESTION_EXAMPLE_MAX_LENGTH characters (not UTF-16 units). */
function exampleOf(text: string): string {
  const trimmed = withoutNul(text).trim();
  if (trimmed.length <= QUESTION_EXAMPLE_MAX_LENGTH) return trimmed;
  return Array.from(trimmed).slice(0, QUESTION_EXAMPLE_MAX_LENGTH).join("").trimEnd();
}
