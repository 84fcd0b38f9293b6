// Contract of the privacy settings (issue 34): GET/PUT /api/admin/privacy. Which built-in kinds are
// redacted, the administrators' own patterns, and how long transcripts are kept.
import { z } from "zod";
import { customPatternNameProblem, customPatternProblem } from "@/lib/privacy/custom-pattern-rules";

export const MAX_CUSTOM_PATTERNS = 20;
export const RETENTION_DAYS_MAX = 3650;

/** Reports a rule's problem (or none) on the value as a validation message. */
const meets = (problem: (value: string) => string | null) => (value: string, context: z.RefinementCtx) => {
  const message = problem(value);
  if (message) context.addIssue({ code: "custom", message });
};

/**
 * A custom pattern as the schema can check it: the name's form, the pattern's length, syntax,
 * nesting and empty matches. Saving also needs validateCustomPattern (lib/privacy/pattern-timing),
 * which runs the pattern against adversarial texts on a worker thread under a time limit.
 */
export const customPatternSchema = z
  .object({
    name: z
      .string({ error: "Name is required" })
      .trim()
      .superRefine(meets(customPatternNameProblem))
      .transform((name) => name.toUpperCase()),
    pattern: z.string({ error: "Pattern is required" }).superRefine(meets(customPatternProblem)),
  })
  .strict();
export type CustomPattern = z.output<typeof customPatternSchema>;

const kindSwitch = (label: string) => z.boolean({ error: `${label} must be true or false` });

/** PUT /api/admin/privacy (and what GET answers): the whole settings, replaced at once. */
export const privacySettingsSchema = z
  .object({
    redact: z
      .object(
        {
          email: kindSwitch("redact.email"),
          phone: kindSwitch("redact.phone"),
          card: kindSwitch("redact.card"),
          iban: kindSwitch("redact.iban"),
          ip: kindSwitch("redact.ip"),
        },
        { error: "redact must be an object of email, phone, card, iban and ip" },
      )
      .strict(),
    customPatterns: z
      .array(customPatternSchema, { error: "customPatterns must be a list" })
      .max(MAX_CUSTOM_PATTERNS, `At most ${MAX_CUSTOM_PATTERNS} custom patterns`)
      .superRefine((patterns, context) => {
        const seen = new Set<string>();
        for (const { name } of patterns) {
          if (seen.has(name)) context.addIssue({ code: "custom", message: `Custom pattern names must be unique: ${name} appears twice` });
          seen.add(name);
        }
      }),
    retentionDays: z
      .number({ error: "retentionDays must be a number of days or null" })
      .int("retentionDays must be a whole number of days")
      .min(1, "retentionDays must be at least 1")
      .max(RETENTION_DAYS_MAX, `retentionDays must be at most ${RETENTION_DAYS_MAX}`)
      .nullable(),
  })
  .strict();
export type PrivacySettings = z.output<typeof privacySettingsSchema>;
export type PrivacySettingsInput = z.input<typeof privacySettingsSchema>;

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
