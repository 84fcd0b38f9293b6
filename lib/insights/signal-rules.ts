// The administrator's insight settings, compiled once into the matchers that
// deriveSignals uses for every transcript; and the phrase lists used until an administrator sets
// others.
import type { InsightSettings } from "@/lib/schemas/insights";
import { compilePhraseMatcher, type PhraseMatcher } from "./phrase-matcher";

/** Sensible English defaults (the platform's own default no-match answer is "Sorry, I didn’t get that. Please try again"). */
export const DEFAULT_INSIGHT_SETTINGS: InsightSettings = {
  fallbackPhrases: [
    "sorry, i didn't get that",
    "i didn't get that",
    "i didn't quite get that",
    "i didn't catch that",
    "i didn't quite catch that",
    "not sure what you mean",
    "i didn't understand",
    "i don't understand",
    "i'm not sure i understand",
    "could you rephrase",
    "can you rephrase",
  ],
  handoffPhrases: [
    "speak to a person",
    "talk to a person",
    "speak to a human",
    "talk to a human",
    "real human",
    "real person",
    "human agent",
    "live agent",
    "agent",
    "representative",
    "customer service",
  ],
};

export interface SignalRules {
  /** Found in the bot's answers, it marks a fallback. */
  fallback: PhraseMatcher;
  /** Found in the user's messages, it marks a handoff. */
  handoff: PhraseMatcher;
  /**
   * Changes exactly when the folded phrase lists change (not for a change of case, accents or
   * order): stored beside the signals, it tells which transcripts were derived with other lists.
   */
  fingerprint: string;
}

export function compileSignalRules(settings: InsightSettings): SignalRules {
  const fallback = compilePhraseMatcher(settings.fallbackPhrases);
  const handoff = compilePhraseMatcher(settings.handoffPhrases);
  return { fallback, handoff, fingerprint: fingerprintOf([[...fallback.phrases].sort(), [...handoff.phrases].sort()]) };
}

/** FNV-1a (32 bits) of the lists, as 8 hex digits: a short, stable tag, not a security measure. */
function fingerprintOf(lists: string[][]): string {
  const text = JSON.stringify(lists);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
