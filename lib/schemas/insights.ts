// Contract of the insight settings: the phrase lists that mark fallbacks (in bot answers) and
// handoffs (in user messages), and the switches of the platform rules (docs/signals.md). GET /api/admin/insight-settings returns them and PUT
// takes them whole; the settings page's form and its query hook share this schema.
import { z } from "zod";
import { foldText } from "@/lib/insights/fold-text";
import { instantParam, refineRange } from "./query-params";

/** The signals derived per transcript, as the list's `signal` filter names them. */
export const SIGNAL_KINDS = ["fallback", "handoff", "unanswered", "repeated"] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** GET /api/transcript/{id}'s `signals`: each signal found, the shown turn that shows it (or null) and why. */
export interface SignalExplanation {
  kind: SignalKind;
  messageIndex: number | null;
  reason: string;
}

export const INSIGHT_PHRASES_MAX_COUNT = 100;
export const INSIGHT_PHRASE_MAX_LENGTH = 100;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

const phrase = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `${label} cannot be blank`)
    .max(INSIGHT_PHRASE_MAX_LENGTH, `${label} must be at most ${INSIGHT_PHRASE_MAX_LENGTH} characters each`)
    .refine((value) => LETTER_OR_DIGIT.test(value), `${label} must contain a letter or digit`);

/** A list of phrases; phrases that match alike (the same but for case, accents or punctuation) are kept once, the first. */
const phraseList = (label: string) =>
  z
    .array(phrase(label), { error: `${label} must be a list of phrases` })
    .max(INSIGHT_PHRASES_MAX_COUNT, `${label} can hold at most ${INSIGHT_PHRASES_MAX_COUNT} phrases`)
    .transform((phrases) => {
      const seen = new Set<string>();
      return phrases.filter((value) => {
        const folded = foldText(value);
        if (seen.has(folded)) return false;
        seen.add(folded);
        return true;
      });
    });

/** The rules that read what the platform itself records, each of which an administrator may turn off. */
export const PLATFORM_RULES = ["noMatchPath", "noMatchDebug", "sameReprompt", "handoffAction", "handoffIntent"] as const;
export type PlatformRule = (typeof PLATFORM_RULES)[number];

/** Each rule's switch; a rule not named is on. */
const platformRulesSchema = z
  .object(Object.fromEntries(PLATFORM_RULES.map((rule) => [rule, z.boolean({ error: `${rule} must be true or false` }).default(true)])))
  .strict()
  .default({})
  .transform((rules) => Object.fromEntries(PLATFORM_RULES.map((rule) => [rule, rules[rule] !== false])) as Record<PlatformRule, boolean>);

/** PUT /api/admin/insight-settings, and the shape GET returns. */
export const insightSettingsSchema = z
  .object({
    fallbackPhrases: phraseList("Fallback phrases"),
    handoffPhrases: phraseList("Handoff phrases"),
    platformRules: platformRulesSchema,
  })
  .strict();
export type InsightSettings = z.output<typeof insightSettingsSchema>;
export type InsightSettingsInput = z.input<typeof insightSettingsSchema>;

/** GET /api/analytics/top-questions. */
export const TOP_QUESTIONS_MAX_LIMIT = 100;
export const topQuestionsQuerySchema = z
  .object({
    startTime: instantParam("startTime"),
    endTime: instantParam("endTime"),
    // Accepted for the analytics calls' symmetry: a range of instants needs no zone.
    tz: z.string().optional(),
    limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(TOP_QUESTIONS_MAX_LIMIT).default(20),
    sort: z.enum(["count", "unanswered"], { error: "sort must be count or unanswered" }).default("count"),
  })
  .superRefine(refineRange);
export type TopQuestionsQuery = z.infer<typeof topQuestionsQuerySchema>;

export interface TopQuestion {
  group: string;
  example: string;
  count: number;
  fallbackRate: number;
  handoffRate: number;
  thumbsDown: number;
}
