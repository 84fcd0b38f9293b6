// The signals derived once per transcript, from its normalised dialog (normalize-transcript.ts), at
// ingest and by the recompute job, each with the place it shows and why (docs/signals.md):
// - fallback: the bot showed that it did not understand a user message: after the message, a
//   no-match `path` or `debug` trace (platform-traces.ts); a bot answer (a text turn, or a voice
//   agent's `speak` trace) holding a fallback phrase; or the same bot answer to two different
//   user messages in a row, the later one neither small talk nor the earlier one asked again (a
//   reprompt said twice). A request matched to the intent "None" alone
//   is none: the platform records free text typed at a capture step (a name, a phone number) and
//   questions answered by AI or knowledge-base steps that way, and the bot goes on with its flow.
// - handoff: a human was asked for or reached: a handoff action trace, a request matched to a
//   handoff intent, or a user message (typed, or a button's label) holding a handoff phrase.
// - unanswered: the user's last message (typed or clicked) is followed by no bot answer: no text
//   turn with text, no `speak` trace, and none of the rich answers the chat shows (card, carousel,
//   image, buttons) before the next launch or the user's silence: the greeting of a reused
//   session's new launch answers nothing. A transcript without user messages is not unanswered.
// - repeated: two of the first MAX_COMPARED_QUESTIONS real questions (real-question.ts) are
//   near-duplicates (near-duplicate.ts).
// - questionGroup / questionExample: the first real question, normalised (normalize-question.ts)
//   and as the user wrote it (trimmed, at most QUESTION_EXAMPLE_MAX_LENGTH characters); null when
//   the user asked no real question.
import { messageText } from "@/lib/transcripts/message-text";
import { withoutNul } from "@/lib/transcripts/normalize-transcript";
import type { DialogEntry } from "@/lib/transcripts/types";
import type { SignalKind } from "@/lib/schemas/insights";
import { foldText } from "./fold-text";
import { areNearDuplicates, questionForm, type QuestionForm } from "./near-duplicate";
import { groupKey, questionTokens } from "./normalize-question";
import {
  isHandoffName,
  isNoMatchDebugMessage,
  isNoMatchPath,
  isNoReplyRequest,
  requestIntentName,
  traceMessage,
  tracePath,
} from "./platform-traces";
import { isRealQuestion, isSmallTalk, typedText } from "./real-question";
import type { SignalRules } from "./signal-rules";

/**
 * The version of these rules. Raise it whenever a change here (or in the files this one uses)
 * can change a derived signal: stored transcripts with another version are derived again
 * (recompute-signals.ts).
 */
export const SIGNALS_VERSION = 2;

/** Only the first questions of a conversation are compared, so that a long one costs no more than this. */
export const MAX_COMPARED_QUESTIONS = 20;
export const QUESTION_EXAMPLE_MAX_LENGTH = 500;
/** Texts quoted in a finding's reason are cut at this many characters. */
const QUOTE_MAX_LENGTH = 80;

export interface TranscriptSignals {
  fallback: boolean;
  handoff: boolean;
  unanswered: boolean;
  repeated: boolean;
  questionGroup: string | null;
  questionExample: string | null;
}

/** Where a signal shows: the dialog entry (an index into the dialog) and a short sentence saying why. */
export interface SignalFinding {
  kind: SignalKind;
  entryIndex: number;
  reason: string;
}

/** Bot output that answers the user without being a text turn. */
const RICH_ANSWER_TYPES = new Set(["cardV2", "card", "carousel", "visual", "choice"]);

export function deriveSignals(dialog: readonly DialogEntry[], rules: SignalRules): TranscriptSignals {
  return findSignals(dialog, rules).signals;
}

/** The signals and, for each one found, its first place and reason. */
export function findSignals(dialog: readonly DialogEntry[], rules: SignalRules): { signals: TranscriptSignals; findings: SignalFinding[] } {
  const found = new Map<SignalKind, SignalFinding>();
  const note = (kind: SignalKind, entryIndex: number, reason: () => string) => {
    if (!found.has(kind)) found.set(kind, { kind, entryIndex, reason: reason() });
  };
  let hasUserMessage = false;
  let isAnswered = false;
  let lastUserIndex = -1;
  /** Whether the bot is now answering a user message (and not a launch or the user's silence). */
  let isAfterUserMessage = false;
  /** The folded user message the bot is answering (null while it is small talk), and the bot's first answer to it. */
  let userMessage: string | null = null;
  let answer: string | null = null;
  /** The user message's question form, when it is a real question. */
  let userForm: QuestionForm | null = null;
  /** The previous user message, its question form and the bot's first answer to it. */
  let previousUserMessage: string | null = null;
  let previousUserForm: QuestionForm | null = null;
  let previousAnswer: string | null = null;
  const questions: { form: QuestionForm; entryIndex: number }[] = [];
  let repeatedAt = -1;
  let questionExample: string | null = null;

  const botAnswered = (text: string, entryIndex: number, what: string) => {
    if (isAfterUserMessage) isAnswered = true;
    if (!found.has("fallback") && rules.fallback.matchesAny([text]))
      note("fallback", entryIndex, () => `the bot answered with a fallback phrase: ${quote(text)}`);
    if (!isAfterUserMessage || answer !== null) return;
    answer = foldText(text);
    const isAskedAgain = userForm !== null && previousUserForm !== null && areNearDuplicates(userForm, previousUserForm);
    if (
      rules.platform.sameReprompt &&
      answer !== "" &&
      answer === previousAnswer &&
      userMessage !== null &&
      userMessage !== previousUserMessage &&
      !isAskedAgain
    )
      note("fallback", entryIndex, () => `the bot ${what} the same thing to two different messages: ${quote(text)}`);
  };

  dialog.forEach((entry, entryIndex) => {
    switch (entry.type) {
      case "request": {
        if (isNoReplyRequest(entry)) {
          isAfterUserMessage = false;
          break;
        }
        const intent = requestIntentName(entry);
        if (rules.platform.handoffIntent && intent !== null && isHandoffName(intent))
          note("handoff", entryIndex, () => `the user's message was matched to the handoff intent "${intent}"`);
        const text = messageText(entry);
        if (text === null) break;
        hasUserMessage = true;
        isAnswered = false;
        isAfterUserMessage = true;
        lastUserIndex = entryIndex;
        if (answer !== null) {
          previousUserMessage = userMessage;
          previousUserForm = userForm;
          previousAnswer = answer;
        }
        userMessage = foldText(text);
        userForm = null;
        answer = null;
        if (!found.has("handoff") && rules.handoff.matchesAny([text]))
          note("handoff", entryIndex, () => `the user asked for a human: ${quote(text)}`);
        const typed = typedText(entry);
        const tokens = typed === null ? null : questionTokens(typed);
        if (tokens !== null && isSmallTalk(tokens)) userMessage = null;
        if (tokens !== null && isRealQuestion(tokens)) {
          userForm = questionForm(groupKey(tokens), tokens);
          if (typed !== null && questions.length < MAX_COMPARED_QUESTIONS) {
            const form = userForm;
            if (repeatedAt < 0 && questions.some((earlier) => areNearDuplicates(form, earlier.form))) repeatedAt = entryIndex;
            questions.push({ form, entryIndex });
            questionExample ??= typed;
          }
        }
        break;
      }
      case "text": {
        const text = messageText(entry);
        if (text !== null) botAnswered(text, entryIndex, "answered");
        break;
      }
      case "speak": {
        const message = traceMessage(entry);
        if (message !== null && /\S/.test(message)) botAnswered(message, entryIndex, "said");
        break;
      }
      case "path": {
        const path = tracePath(entry);
        if (rules.platform.noMatchPath && isAfterUserMessage && path !== null && isNoMatchPath(path))
          note("fallback", entryIndex, () => `the bot took its no-match path ("${path}")`);
        break;
      }
      case "debug": {
        const message = traceMessage(entry);
        if (rules.platform.noMatchDebug && isAfterUserMessage && message !== null && isNoMatchDebugMessage(message))
          note("fallback", entryIndex, () => `the platform's debug trace says nothing matched: ${quote(message)}`);
        break;
      }
      case "launch":
      case "no-reply":
        isAfterUserMessage = false;
        break;
      default:
        if (RICH_ANSWER_TYPES.has(entry.type)) isAnswered ||= isAfterUserMessage;
        else if (rules.platform.handoffAction && isHandoffName(entry.type))
          note("handoff", entryIndex, () => `the bot handed the conversation over ("${entry.type}")`);
    }
  });

  if (hasUserMessage && !isAnswered) note("unanswered", lastUserIndex, () => "the user's last message got no answer from the bot");
  if (repeatedAt >= 0) note("repeated", repeatedAt, () => "the user asked the same question again");
  return {
    signals: {
      fallback: found.has("fallback"),
      handoff: found.has("handoff"),
      unanswered: found.has("unanswered"),
      repeated: found.has("repeated"),
      questionGroup: questions.length > 0 ? questions[0].form.key : null,
      questionExample: questionExample === null ? null : exampleOf(questionExample),
    },
    findings: [...found.values()],
  };
}

/** The text in single quotes, on one line, cut at QUOTE_MAX_LENGTH characters. */
function quote(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  const characters = Array.from(line);
  return `'${
    characters.length <= QUOTE_MAX_LENGTH
      ? line
      : `${characters
          .slice(0, QUOTE_MAX_LENGTH - 1)
          .join("")
          .trimEnd()}…`
  }'`;
}

/** The question as written: trimmed, without NUL characters, cut at QUESTION_EXAMPLE_MAX_LENGTH characters (not UTF-16 units). */
function exampleOf(text: string): string {
  const trimmed = withoutNul(text).trim();
  if (trimmed.length <= QUESTION_EXAMPLE_MAX_LENGTH) return trimmed;
  return Array.from(trimmed).slice(0, QUESTION_EXAMPLE_MAX_LENGTH).join("").trimEnd();
}
