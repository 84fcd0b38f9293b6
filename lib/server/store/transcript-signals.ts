import "server-only";
import { activeDatabase, storeRead } from "./active-database";
import type { WriteTransaction } from "./database";
import { readSourcesAfter } from "./stored-sources";
import { join, sql, toNumber, type Sql } from "./sql";
import { deriveSignals, SIGNALS_VERSION, type TranscriptSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS, type SignalRules } from "@/lib/insights/signal-rules";
import { insightSettingsSchema, type InsightSettings } from "@/lib/schemas/insights";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";

/** Rows per INSERT: ten parameters a row stays far below both databases' limits. */
const SIGNAL_BATCH_SIZE = 500;

/** The phrase lists and platform rules signals are derived with, and their version (0: the defaults, never changed). */
export interface ActiveSignalRules {
  settings: InsightSettings;
  version: number;
  rules: SignalRules;
}

/** The administrators' phrase lists as stored, or the English defaults before any change. */
export async function readSignalRules(tx: Pick<WriteTransaction, "query">): Promise<ActiveSignalRules> {
  const rows = await tx.query<{ fallbackPhrases: string; handoffPhrases: string; platformRules: string; version: unknown }>(sql`
    SELECT "fallbackPhrases", "handoffPhrases", "platformRules", "version" FROM "InsightSettings" WHERE "id" = 1`);
  if (rows.length === 0) return { settings: DEFAULT_INSIGHT_SETTINGS, version: 0, rules: compileSignalRules(DEFAULT_INSIGHT_SETTINGS) };
  const settings = insightSettingsSchema.parse({
    fallbackPhrases: JSON.parse(rows[0].fallbackPhrases) as unknown,
    handoffPhrases: JSON.parse(rows[0].handoffPhrases) as unknown,
    platformRules: JSON.parse(rows[0].platformRules) as unknown,
  });
  return { settings, version: toNumber(rows[0].version), rules: compileSignalRules(settings) };
}

/**
 * The phrase lists signals are derived with now and their version, for a worker that derives
 * signals before the storing thread saves them (saveTranscripts' `signals` option).
 */
export async function currentSignalSettings(): Promise<{ settings: InsightSettings; version: number }> {
  const { settings, version } = await readSignalRules({ query: (statement) => storeRead(statement) });
  return { settings, version };
}

const decoder = new TextDecoder();

/**
 * The signals of a transcript about to be stored, from its source as received (the same record its
 * other fields were derived from, so that a redaction before saving applies here too).
 */
export function signalsOfStorable(
  transcript: Pick<StorableTranscript, "id" | "sessionId" | "sourceJson">,
  rules: SignalRules,
): TranscriptSignals {
  const text = typeof transcript.sourceJson === "string" ? transcript.sourceJson : decoder.decode(transcript.sourceJson);
  const result = normalizeTranscript(JSON.parse(text), { id: transcript.id, sessionId: transcript.sessionId });
  // It was accepted before it reached the store, by the same rules.
  if (!result.ok) throw new Error(`Transcript ${transcript.id} cannot be read: ${result.reason}`);
  return deriveSignals(result.record.dialog, rules);
}

export interface SignalRow {
  sortKey: number;
  signals: TranscriptSignals;
}

const flag = (value: boolean) => (value ? 1 : 0);

/**
 * Stores (or replaces) the signals of these transcripts, derived with rules of `rulesVersion`. A row
 * that holds these very signals is left alone: a transcript stored again (a redaction, a re-sent
 * transcript, a recompute by unchanged lists) mostly keeps its signals, and rewriting the row would
 * rewrite its entries in every signal index.
 */
export async function writeSignals(tx: Pick<WriteTransaction, "execute">, rows: readonly SignalRow[], rulesVersion: number): Promise<void> {
  const differs = activeDatabase().isDistinctFrom;
  for (let start = 0; start < rows.length; start += SIGNAL_BATCH_SIZE) {
    const values = rows
      .slice(start, start + SIGNAL_BATCH_SIZE)
      .map(
        ({ sortKey, signals: s }) =>
          sql`(${BigInt(sortKey)}, ${SIGNALS_VERSION}, ${rulesVersion}, ${flag(s.fallback)}, ${flag(s.handoff)}, ${flag(s.unanswered)}, ${flag(s.repeated)}, ${s.questionGroup}, ${s.questionExample})`,
      );
    await tx.execute(sql`
      INSERT INTO "TranscriptSignal" ("sortKey", "version", "rulesVersion", "fallback", "handoff", "unanswered", "repeated", "questionGroup", "questionExample")
      VALUES ${join(values)}
      ON CONFLICT ("sortKey") DO UPDATE SET
        "version" = excluded."version", "rulesVersion" = excluded."rulesVersion", "fallback" = excluded."fallback",
        "handoff" = excluded."handoff", "unanswered" = excluded."unanswered", "repeated" = excluded."repeated",
        "questionGroup" = excluded."questionGroup", "questionExample" = excluded."questionExample"
      WHERE ("TranscriptSignal"."version", "TranscriptSignal"."rulesVersion", "TranscriptSignal"."fallback", "TranscriptSignal"."handoff",
          "TranscriptSignal"."unanswered", "TranscriptSignal"."repeated", "TranscriptSignal"."questionGroup", "TranscriptSignal"."questionExample")
        ${differs} (excluded."version", excluded."rulesVersion", excluded."fallback", excluded."handoff",
          excluded."unanswered", excluded."repeated", excluded."questionGroup", excluded."questionExample")`);
  }
}

/** Whether some stored transcript's signals were derived by rules of another SIGNALS_VERSION. */
export async function hasSignalsOfOtherVersion(): Promise<boolean> {
  const rows = await storeRead(sql`SELECT 1 AS "found" FROM "TranscriptSignal" WHERE "version" <> ${SIGNALS_VERSION} LIMIT 1`);
  return rows.length > 0;
}

/** A batch of recomputed signals, written by the caller within its own transaction. */
export interface RecomputedSignals {
  count: number;
  lastKey: number;
  write(execute: (statement: Sql) => Promise<void>): Promise<void>;
}

/**
 * The signals of the (up to `limit`) transcripts after the sort key `afterKey`, derived again from
 * their sources by the phrase lists in force (the recompute job's step).
 */
export async function recomputeSignalsAfter(afterKey: number, limit: number): Promise<RecomputedSignals> {
  const rules = await readSignalRules({ query: (statement) => storeRead(statement) });
  const rows = await readSourcesAfter(afterKey, limit);
  const signals = rows.map((row) => ({
    sortKey: row.sortKey,
    signals: signalsOfStorable({ id: row.id, sessionId: row.sessionId, sourceJson: row.source }, rules.rules),
  }));
  return {
    count: rows.length,
    lastKey: signals.at(-1)?.sortKey ?? afterKey,
    write: (execute) => writeSignals({ execute }, signals, rules.version),
  };
}
