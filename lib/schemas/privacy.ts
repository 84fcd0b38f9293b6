// Contract of the privacy settings: GET/PUT /api/admin/privacy. Which built-in kinds are
// redacted, the administrators' own patterns, and how long transcripts are kept.
import { z } from "zod";
import { customPatternNameProblem } from "@/lib/privacy/custom-pattern-rules";

export const MAX_CUSTOM_PATTERNS = 20;
export const RETENTION_DAYS_MAX = 3650;

/** Reports a rule's problem (or none) on the value as a validation message. */
const meets = (problem: (value: string) => string | null) => (value: string, context: z.RefinementCtx) => {
  const message = problem(value);
  if (message) context.addIssue({ code: "custom", message });
};

/**
 * A custom pattern as the schema can check it: the name's form. The pattern is judged by the engine
 * that runs it (compilePattern, lib/privacy/pattern-engine) when the settings are saved.
 */
export const customPatternSchema = z
  .object(
    {
      name: z
        .string({ error: "Enter a name" })
        .trim()
        .superRefine(meets(customPatternNameProblem))
        .transform((name) => name.toUpperCase()),
      pattern: z.string({ error: "Enter a regular expression" }),
    },
    { error: "Give each custom pattern a name and a regular expression" },
  )
  .strict();
export type CustomPattern = z.output<typeof customPatternSchema>;

const kindSwitch = (label: string) => z.boolean({ error: `Redaction of ${label} must be turned on or off (true or false)` });

/** The whole settings, as stored and as GET answers them. */
export const privacySettingsSchema = z
  .object({
    redact: z
      .object(
        {
          email: kindSwitch("e-mail addresses"),
          phone: kindSwitch("phone numbers"),
          card: kindSwitch("payment card numbers"),
          iban: kindSwitch("IBANs"),
          ip: kindSwitch("IP addresses"),
        },
        { error: "Say which kinds to redact: e-mail addresses, phone numbers, card numbers, IBANs and IP addresses" },
      )
      .strict(),
    customPatterns: z
      .array(customPatternSchema, { error: "Custom patterns must be a list" })
      .max(MAX_CUSTOM_PATTERNS, `At most ${MAX_CUSTOM_PATTERNS} custom patterns`)
      .superRefine((patterns, context) => {
        const seen = new Set<string>();
        for (const { name } of patterns) {
          if (seen.has(name)) context.addIssue({ code: "custom", message: `Custom pattern names must be unique: ${name} appears twice` });
          seen.add(name);
        }
      }),
    retentionDays: z
      .number({ error: "Retention must be a number of days, or none" })
      .int("Retention must be a whole number of days")
      .min(1, "Retention must be at least 1 day")
      .max(RETENTION_DAYS_MAX, `Retention can be at most ${RETENTION_DAYS_MAX} days`)
      .nullable(),
  })
  .strict();
export type PrivacySettings = z.output<typeof privacySettingsSchema>;
export type PrivacySettingsInput = z.input<typeof privacySettingsSchema>;

/** "Pattern 2" for the second custom pattern: how messages name a pattern, by its place in the list. */
export const patternLabel = (index: number) => `Pattern ${index + 1}`;

/** A refusal of the settings in plain words: a pattern's by its place ("Pattern 2: ..."), never a field path. */
function plainMessage(issue: z.core.$ZodIssue): string {
  const [field, index] = issue.path;
  return field === "customPatterns" && typeof index === "number" ? `${patternLabel(index)}: ${issue.message}` : issue.message;
}

/** PUT /api/admin/privacy: the whole settings, replaced at once; a refusal names no internal field. */
export const privacySettingsRequestSchema = z.unknown().transform((value, context): PrivacySettings => {
  const parsed = privacySettingsSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  context.addIssue({ code: "custom", message: plainMessage(parsed.error.issues[0]) });
  return z.NEVER;
});

/** Redaction on for every built-in kind, no custom patterns, transcripts kept for ever. */
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  redact: { email: true, phone: true, card: true, iban: true, ip: true },
  customPatterns: [],
  retentionDays: null,
};

export const MAX_ERASE_IDS = 1_000;
export const ERASE_REASON_MAX_LENGTH = 500;

const personField = (field: "email" | "phone") => {
  const message = field === "email" ? "email must be an e-mail address" : "phone must be a phone number";
  return z.string({ error: message }).trim().min(1, message).max(200, message).optional();
};

/** One person: an e-mail address or a phone number (GET /api/admin/transcripts/by-person). */
const personFields = { email: personField("email"), phone: personField("phone") };

/**
 * Which transcripts an erasure deletes: exactly one of their ids, a session ID, an e-mail address or
 * phone number their texts contain (read by the same detectors as redaction), or a person: the
 * transcripts that held an e-mail address or phone number when they were received, before redaction.
 */
const erasureTargetFields = {
  ...personFields,
  ids: z
    .array(z.string().trim().min(1, "ids must not hold empty ids"), { error: "ids must be a list of transcript ids" })
    .min(1, "ids must hold at least one id")
    .max(MAX_ERASE_IDS, `ids may hold at most ${MAX_ERASE_IDS} ids`)
    .optional(),
  sessionId: z.string({ error: "sessionId must be a string" }).trim().min(1, "sessionId must not be empty").optional(),
  contains: z
    .string({ error: "contains must be a string" })
    .trim()
    .min(1, "contains must be an e-mail address or a phone number")
    .max(200, "contains must be an e-mail address or a phone number")
    .optional(),
};
const hasOneTarget = (target: { ids?: string[]; sessionId?: string; contains?: string; email?: string; phone?: string }) =>
  [target.ids, target.sessionId, target.contains, target.email, target.phone].filter((value) => value !== undefined).length === 1;
const ONE_TARGET = { message: "Give exactly one of ids, sessionId, contains, email or phone" };

/** GET /api/admin/transcripts/by-person?email=|phone=: exactly one of them. */
export const personQuerySchema = z
  .object(personFields)
  .strict()
  .refine((person) => (person.email === undefined) !== (person.phone === undefined), { message: "Give exactly one of email or phone" });
export type PersonQuery = z.output<typeof personQuerySchema>;

/** The ids listed by GET /api/admin/transcripts/by-person, at most; `total` counts them all. */
export const MAX_PERSON_IDS = 1_000;

/** GET /api/admin/transcripts/by-person: the person's transcripts' ids (in id order, the first MAX_PERSON_IDS) and how many there are. */
export interface PersonTranscripts {
  ids: string[];
  total: number;
}

export const erasureTargetSchema = z.object(erasureTargetFields).strict().refine(hasOneTarget, ONE_TARGET);
export type ErasureTarget = z.output<typeof erasureTargetSchema>;

/** POST /api/admin/transcripts/erase/preview: how many transcripts an erasure would delete. */
export interface ErasurePreview {
  count: number;
}

/** POST /api/admin/transcripts/erase: deletes them, refused (409 with the new count) when the count changed. */
export const erasureRequestSchema = z
  .object({
    ...erasureTargetFields,
    reason: z
      .string({ error: "A reason is required" })
      .trim()
      .min(1, "A reason is required")
      .max(ERASE_REASON_MAX_LENGTH, `The reason may be at most ${ERASE_REASON_MAX_LENGTH} characters`),
    expectedCount: z.number({ error: "expectedCount must be the previewed count" }).int().min(0),
  })
  .strict()
  .refine(hasOneTarget, ONE_TARGET);
export type ErasureRequest = z.output<typeof erasureRequestSchema>;
/**
 * What an erasure answers: every transcript erased (200), or, for one that goes on in the background
 * (202), how many are erased so far, of `total`, and the job to follow.
 */
export type ErasureResult = { deleted: number } | { deleted: number; total: number; jobId: string };
