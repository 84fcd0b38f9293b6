import "server-only";
import { setImmediate as nextTurnOfEventLoop } from "node:timers/promises";
import { db } from "../db";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { SessionUser } from "../auth/session";
import { enqueueJob, jobUnderWay } from "../jobs/run-jobs";
import { registerJobKind, type JobState, type StepBudget, type StepResult } from "../jobs/job-kinds";
import { currentSignalSettings, readSourcesAfter, type StoredSource } from "../store";
import { getPrivacySettings } from "./privacy-settings";
import { saveAdmittedTranscripts } from "./save-admitted-transcripts";
import { deriveSignals, type TranscriptSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules, type SignalRules } from "@/lib/insights/signal-rules";
import { redactorFor, type Redactor } from "@/lib/privacy/redactor";
import { readRecord } from "@/lib/transcripts/read-record";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";

// The "privacy-redaction" job (issue 34): applies the redaction settings in force to every stored
// transcript, in sort key order, a step at a time; its cursor is the last key done. A transcript
// whose stored record holds something to redact is stored again from the redacted record, so that
// its texts, preview, device fields, search rows and stored source hold placeholders only; the
// others are not written. Redacting a redacted record changes nothing, so a step that runs again
// after a crash is harmless.
//
// A step goes through its transcripts in chunks, as a pipeline: the next chunk is read, and the
// changed transcripts of the previous one are stored, while this one is redacted. Redaction yields
// to the event loop every few records so that the database's answers to the other two are taken
// as they come.

export const REDACTION_JOB_KIND = "privacy-redaction";

/** Transcripts per chunk: one read of stored records. */
const CHUNK_SIZE = 2_500;
/**
 * How long a step goes on taking chunks: its cursor and progress are committed this often, far
 * within a lease (LEASE_MS). Each step ends by waiting for its last stores, with nothing to do
 * meanwhile, so steps are not made shorter than the progress needs.
 */
const STEP_MS = 10_000;
/** Changed transcripts stored together: the fewer the batches, the less the search index costs. */
const STORE_BATCH_SIZE = 2_000;
/** Records redacted between two turns of the event loop. */
const RECORDS_PER_TURN = 64;
/** Ids kept of the transcripts whose redacted record cannot be read (reported when the job ends). */
const KEPT_UNREADABLE_IDS = 20;

interface RedactionCursor {
  /** The last sort key done (-1 before the first). */
  afterKey: number;
  /** Transcripts stored again with placeholders. */
  redacted: number;
  /** Transcripts left as they were because their redacted record could not be read, and some of their ids. */
  unreadable: number;
  unreadableIds: string[];
}

/** Transcripts to store again, with their signals (saveTranscripts' `signals`, in the same order). */
interface ChangedTranscripts {
  transcripts: StorableTranscript[];
  signals: TranscriptSignals[];
}

/**
 * Adds to `changed` the chunk's transcripts that hold something to redact, read from their redacted
 * records, and their signals, derived from the dialogs read (so that the store need not read each
 * source again).
 */
async function redactChunk(
  rows: StoredSource[],
  redactor: Redactor,
  signalRules: SignalRules,
  changed: ChangedTranscripts,
  cursor: RedactionCursor,
): Promise<void> {
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % RECORDS_PER_TURN === 0) await nextTurnOfEventLoop();
    const { text, record, changed: isChanged } = redactor.redactJsonText(row.source);
    if (!isChanged) continue;
    const result = record === undefined ? null : readRecord({ raw: record, text, fallback: { id: row.id, sessionId: row.sessionId } });
    if (result?.ok && result.transcript.id === row.id) {
      changed.transcripts.push(result.transcript);
      changed.signals.push(deriveSignals(result.dialog, signalRules));
    } else {
      cursor.unreadable += 1;
      if (cursor.unreadableIds.length < KEPT_UNREADABLE_IDS) cursor.unreadableIds.push(row.id);
    }
  }
}

async function step(job: JobState<RedactionCursor>, budget: StepBudget): Promise<StepResult<RedactionCursor>> {
  const cursor = job.cursor;
  let rows = await readSourcesAfter(cursor.afterKey, CHUNK_SIZE);
  if (rows.length === 0) {
    if (cursor.unreadable === 0) return { cursor, done: job.done, finished: { status: "succeeded" } };
    const error = `${cursor.unreadable} transcript(s) could not be read once redacted and were left as they were: ${cursor.unreadableIds.join(", ")}`;
    return { cursor, done: job.done, finished: { status: "failed", error } };
  }
  const redactor = redactorFor((await getPrivacySettings()).settings);
  // The store derives the signals again when the phrase lists changed since.
  const signalSettings = await currentSignalSettings();
  const signalRules = compileSignalRules(signalSettings.settings);
  const next: RedactionCursor = { ...cursor, unreadableIds: [...cursor.unreadableIds] };
  let done = job.done;
  let storing: Promise<unknown> = Promise.resolve();
  let changed: ChangedTranscripts = { transcripts: [], signals: [] };
  const store = async () => {
    await storing;
    // As every way in stores: a transcript erased meanwhile is not stored again.
    const signals = { rows: changed.signals, rulesVersion: signalSettings.version };
    storing = saveAdmittedTranscripts(changed.transcripts, { signals }).then((saved) => {
      next.redacted += saved.imported + saved.updated;
    });
    // Awaited before the step ends; observed now, so that a failure while the next chunk is
    // redacted is not taken for an unhandled rejection.
    storing.catch(() => undefined);
    changed = { transcripts: [], signals: [] };
  };
  // Chunks are taken while the step and the budget last; a chunk read ahead past them is left for the next step.
  const stepEnd = Math.min(budget.deadline, Date.now() + STEP_MS);
  while (rows.length > 0) {
    const lastKey = rows.at(-1)!.sortKey;
    const reading = readSourcesAfter(lastKey, CHUNK_SIZE);
    reading.catch(() => undefined); // awaited below; observed now, as storing is
    await redactChunk(rows, redactor, signalRules, changed, next);
    next.afterKey = lastKey;
    done += rows.length;
    if (changed.transcripts.length >= STORE_BATCH_SIZE) await store();
    rows = await reading;
    if (Date.now() >= stepEnd) break;
  }
  if (changed.transcripts.length > 0) await store();
  await storing;
  return { cursor: next, done };
}

registerJobKind<RedactionCursor>(REDACTION_JOB_KIND, { step });

/**
 * POST /api/admin/privacy/apply: starts the redaction of every stored transcript by the settings in
 * force (audited), or answers the one under way. Administrators. Resolves to the job's id.
 */
export async function startRedaction(actor: SessionUser): Promise<{ jobId: string; started: boolean }> {
  return db.$transaction(async (tx) => {
    const running = await jobUnderWay(tx, REDACTION_JOB_KIND);
    if (running) return { jobId: running, started: false };
    const total = await tx.transcript.count();
    const cursor: RedactionCursor = { afterKey: -1, redacted: 0, unreadable: 0, unreadableIds: [] };
    const jobId = await enqueueJob(tx, { kind: REDACTION_JOB_KIND, cursor, total });
    await recordAuditEvent(tx, {
      actor,
      action: "privacy_settings.apply",
      targetType: "privacy_settings",
      targetId: "1",
      targetLabel: "Privacy settings",
      details: { jobId, transcripts: total },
    });
    return { jobId, started: true };
  });
}
