// The administrator's insight settings, compiled once into the matchers that
// deriveSignals uses for every transcript; and the phrase lists used until an administrator sets
// others.
import { PLATFORM_RULES, type InsightSettings, type PlatformRule } from "@/lib/schemas/insights";
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
  platformRules: { noMatchPath: true, noMatchDebug: true, sameReprompt: true, handoffAction: true, handoffIntent: true },
};

export interface SignalRules {
  /** Found in the bot's answers, it marks a fallback. */
  fallback: PhraseMatcher;
  /** Found in the user's messages, it marks a handoff. */
  handoff: PhraseMatcher;
  /** Which platform rules are on. */
  platform: Record<PlatformRule, boolean>;
  /**
   * Changes exactly when the folded phrase lists (not for a change of case, accents or order) or
   * the platform rules' switches change.
   */
  fingerprint: string;
}

/** `platformRules`: the switches; a rule not named is on. */
export function compileSignalRules(
  settings: Pick<InsightSettings, "fallbackPhrases" | "handoffPhrases"> & { platformRules?: Partial<Record<PlatformRule, boolean>> },
): SignalRules {
  const fallback = compilePhraseMatcher(settings.fallbackPhrases);
  const handoff = compilePhraseMatcher(settings.handoffPhrases);
  const platform = Object.fromEntries(PLATFORM_RULES.map((rule) => [rule, settings.platformRules?.[rule] !== false])) as Record<
    PlatformRule,
    boolean
  >;
  const switches = PLATFORM_RULES.map((rule) => `${rule}:${platform[rule]}`);
  return { fallback, handoff, platform, fingerprint: fingerprintOf([[...fallback.phrases].sort(), [...handoff.phrases].sort(), switches]) };
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
