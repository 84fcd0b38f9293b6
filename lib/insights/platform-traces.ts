// What the bot platform itself records when it did not understand or when a human is asked for
// (../shared/TRANSCRIPT-FORMAT.md; the platform's runtime, voiceflow/general-runtime):
// - a request its language model could not match carries the built-in intent "None", and so does
//   free text typed at a capture step or answered by an AI or knowledge-base step: it tells nothing
//   alone, only what the bot answers does (derive-signals.ts);
// - a no-match handler leaves a `path` trace: "reprompt" while it re-asks, "choice:else" when it
//   takes the no-match path (a no-reply re-ask leaves "reprompt" too: only one that answers a user
//   message counts, see derive-signals.ts);
// - `debug` traces say that nothing matched ("no intent matched", "global no-match"); one that
//   names the matched intent "None" tells no more than the request's intent;
// - a live-agent handoff is a custom action: a trace whose type is the action's name, such as
//   "talk_to_agent" in the platform's own live-agent example, or "handoff", "live_agent"; a
//   request may also be matched to an intent named so ("agent_handoff", "speak_to_human").
import { isPlainObject, type DialogEntry } from "@/lib/transcripts/types";

type Entry = Pick<DialogEntry, "payload">;

/** The payload that holds a trace's or request's fields: the inner one, or the outer one of a flattened export. */
export function fieldsOf(entry: Entry): Record<string, unknown> | null {
  if (!isPlainObject(entry.payload)) return null;
  return isPlainObject(entry.payload.payload) ? entry.payload.payload : entry.payload;
}

/** The intent a request was matched to, or null. */
export function requestIntentName(entry: Entry): string | null {
  const fields = fieldsOf(entry);
  const intent = fields && isPlainObject(fields.intent) ? fields.intent : null;
  return intent && typeof intent.name === "string" ? intent.name : null;
}

/** A request the platform sends when the user said nothing before the timeout. */
export function isNoReplyRequest(entry: Entry): boolean {
  return isPlainObject(entry.payload) && entry.payload.type === "no-reply";
}

/** The path a `path` trace took, or null. */
export function tracePath(entry: Entry): string | null {
  const fields = fieldsOf(entry);
  return fields && typeof fields.path === "string" ? fields.path : null;
}

/** The message of a `debug` or `speak` trace (inner or flattened payload), or null. */
export function traceMessage(entry: Entry): string | null {
  const fields = fieldsOf(entry);
  return fields && typeof fields.message === "string" ? fields.message : null;
}

const words = (list: string) => new Set(list.split(" "));

/** Lower case, letters and digits only: "VF.NONE" → "vfnone", "choice:else" → "choiceelse". */
function compact(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

const NO_MATCH_PATHS = words("reprompt choiceelse nomatch fallback");
const NO_MATCH_DEBUG = /\bno[\s_-]?match(?:es|ed)?\b|\bno intents? matched\b|\bfallback\b/i;

export function isNoMatchPath(path: string): boolean {
  return NO_MATCH_PATHS.has(compact(path));
}

export function isNoMatchDebugMessage(message: string): boolean {
  return NO_MATCH_DEBUG.test(message);
}

const HANDOFF_WORDS = words("handoff handover escalate escalation liveagent livechat humanagent");
const PERSON_WORDS = words("agent agents human humans person people operator representative rep staff someone somebody");
const REACH_WORDS = words("talk speak live connect transfer real reach contact call");
const LIVE_TARGETS = words("chat support");

const handoffNames = new Map<string, boolean>();
/** Trace types and intent names repeat from one transcript to the next: answers are kept for this many, then forgotten at once. */
const HANDOFF_NAME_CACHE_SIZE = 1_000;

/**
 * Whether a trace type or intent name asks for a human: it holds a handoff word ("agent_handoff",
 * "escalate"), or a person word with a word of reaching or another person word ("talk_to_agent",
 * "live_agent", "speak_to_human", "human_agent"), or "live" with "chat" or "support". A bare
 * "agent" is not one: it may name the bot's own AI agent. Answers are remembered per name.
 */
export function isHandoffName(name: string): boolean {
  let isHandoff = handoffNames.get(name);
  if (isHandoff === undefined) {
    if (handoffNames.size >= HANDOFF_NAME_CACHE_SIZE) handoffNames.clear();
    isHandoff = namesHandoff(name);
    handoffNames.set(name, isHandoff);
  }
  return isHandoff;
}

function namesHandoff(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  let persons = 0;
  let reaches = 0;
  let hasLive = false;
  let hasLiveTarget = false;
  for (const word of words) {
    if (HANDOFF_WORDS.has(word)) return true;
    if (PERSON_WORDS.has(word)) persons += 1;
    if (REACH_WORDS.has(word)) reaches += 1;
    if (word === "live") hasLive = true;
    if (LIVE_TARGETS.has(word)) hasLiveTarget = true;
  }
  return (persons > 0 && persons + reaches >= 2) || (hasLive && hasLiveTarget);
}
