import "server-only";
import { startStoreWideJob } from "../jobs/start-store-wide-job";
import { availableParallelism } from "node:os";
import type { SessionUser } from "../auth/session";
import { registerJobKind, type JobState, type StepBudget, type StepResult } from "../jobs/job-kinds";
import { currentSignalSettings, readSourcesAfter, type StoredSource } from "../store";
import type { PackedBatch } from "../store/for-workers";
import { getPrivacySettings } from "./privacy-settings";
import { personKeySecret } from "./person-key-secret";
import { RedactionThread, type RedactedChunk } from "./redaction-thread";
import { saveAdmittedTranscripts } from "./save-admitted-transcripts";

// The "privacy-redaction" job: applies the redaction settings in force to every stored
// transcript, in sort key order, a step at a time; its cursor is the last key done. A transcript
// whose stored record holds something to redact is stored again from the redacted record, so that
// its texts, preview, device fields, search rows and stored source hold placeholders only; the
// others are not written. Redacting a redacted record changes nothing, so a step that runs again
// after a crash is harmless.
//
// A step goes through its transcripts in chunks, as a pipeline: while worker threads redact chunks
// (redaction-worker.ts), this thread reads the next ones and stores the changed transcripts of the
// earlier ones.

export const REDACTION_JOB_KIND = "privacy-redaction";

/** Transcripts per chunk: one read of stored records. */
const CHUNK_SIZE = 2_500;
/**
 * How long a step goes on taking chunks: its cursor and progress are committed this often, far
 * within a lease (leaseMs()). Each step ends by waiting for its last stores, with nothing to do
 * meanwhile, so steps are not made shorter than the progress needs.
 */
const STEP_MS = 10_000;
/**
 * A step takes at most a twentieth of the transcripts (a chunk at least), so that the progress the
 * Privacy page shows moves by 5 % or less at a time, however fast the whole job is.
 */
const STEPS_PER_JOB = 20;
/** Changed transcripts stored together: the fewer the batches, the less the search index costs. */
const STORE_BATCH_SIZE = 2_000;
/** Ids kept of the transcripts whose redacted record cannot be read (reported when the job ends). */
const KEPT_UNREADABLE_IDS = 20;
/**
 * Worker threads that redact: the cores left beside the thread that stores (the database, on the
 * same machine, takes its share too), at most three.
 */
const REDACTION_THREADS = Math.min(3, Math.max(1, availableParallelism() - 1));

interface RedactionCursor {
  /** The last sort key done (-1 before the first). */
  afterKey: number;
  /** Transcripts stored again with placeholders. */
  redacted: number;
  /** Transcripts left as they were because their redacted record could not be read, and some of their ids. */
  unreadable: number;
  unreadableIds: string[];
}

async function step(job: JobState<RedactionCursor>, budget: StepBudget): Promise<StepResult<RedactionCursor>> {
  const cursor = job.cursor;
  const rows = await readSourcesAfter(cursor.afterKey, CHUNK_SIZE);
  if (rows.length === 0) {
    if (cursor.unreadable === 0) return { cursor, done: job.done, finished: { status: "succeeded" } };
    const error = `${cursor.unreadable} transcript(s) could not be read once redacted and were left as they were: ${cursor.unreadableIds.join(", ")}`;
    return { cursor, done: job.done, finished: { status: "failed", error } };
  }
  // The store derives the signals again when the phrase lists changed since.
  const signalSettings = await currentSignalSettings();
  const workerData = {
    redaction: (await getPrivacySettings()).settings,
    personKeySecret: await personKeySecret(),
    signals: signalSettings.settings,
    batchSize: STORE_BATCH_SIZE,
  };
  const threads: RedactionThread[] = [];
  const next: RedactionCursor = { ...cursor, unreadableIds: [...cursor.unreadableIds] };
  let done = job.done;
  let storing: Promise<unknown> = Promise.resolve();
  const store = async ({ transcripts, words, signals }: Omit<PackedBatch, "transfer">) => {
    if (transcripts.length === 0) return;
    await storing;
    // As every way in stores: a transcript erased meanwhile is not stored again.
    storing = saveAdmittedTranscripts(transcripts, { words, signals: { rows: signals, rulesVersion: signalSettings.version } }).then(
      (saved) => {
        next.redacted += saved.imported + saved.updated;
      },
    );
    // Awaited before the step ends; observed now, so that a failure while a chunk is redacted is
    // not taken for an unhandled rejection.
    storing.catch(() => undefined);
  };
  const noteUnreadable = (ids: string[]) => {
    next.unreadable += ids.length;
    next.unreadableIds.push(...ids.slice(0, KEPT_UNREADABLE_IDS - next.unreadableIds.length));
  };
  try {
    for (let count = 0; count < REDACTION_THREADS; count++) threads.push(await RedactionThread.start(workerData));
    // Chunks go to the threads in turn, one more than there are threads in hand at once, so that no
    // thread waits on this one; they are done in key order. Chunks are taken while the step's time,
    // its share of the transcripts and the budget last; a chunk read ahead past them is left for the
    // next step.
    const stepEnd = Math.min(budget.deadline, Date.now() + STEP_MS);
    const stepTranscripts = Math.max(CHUNK_SIZE, Math.ceil((job.total ?? 0) / STEPS_PER_JOB));
    let taken = rows.length;
    const inHand: { lastKey: number; count: number; redacting: Promise<RedactedChunk> }[] = [];
    let sent = 0;
    const send = (chunk: StoredSource[]) => {
      const redacting = threads[sent++ % threads.length].redact(chunk);
      redacting.catch(() => undefined); // awaited in turn; observed now, as storing is
      inHand.push({ lastKey: chunk.at(-1)!.sortKey, count: chunk.length, redacting });
    };
    send(rows);
    let reading: Promise<StoredSource[]> | null = readSourcesAfter(rows.at(-1)!.sortKey, CHUNK_SIZE);
    reading.catch(() => undefined);
    while (inHand.length > 0) {
      while (reading && inHand.length <= threads.length) {
        const chunk = Date.now() < stepEnd && taken < stepTranscripts ? await reading : [];
        reading = null;
        if (chunk.length === 0) break;
        taken += chunk.length;
        send(chunk);
        reading = readSourcesAfter(chunk.at(-1)!.sortKey, CHUNK_SIZE);
        reading.catch(() => undefined);
      }
      const { lastKey, count, redacting } = inHand.shift()!;
      const { batch, unreadableIds } = await redacting;
      noteUnreadable(unreadableIds);
      if (batch) await store(batch);
      next.afterKey = lastKey;
      done += count;
    }
    for (const thread of threads) await store((await thread.redact([], true)).batch!);
    await storing;
  } finally {
    await Promise.all(threads.map((thread) => thread.close()));
  }
  return { cursor: next, done };
}

registerJobKind<RedactionCursor>(REDACTION_JOB_KIND, { step });

/**
 * POST /api/admin/privacy/apply: starts the redaction of every stored transcript by the settings in
 * force (audited), or answers the one under way. Administrators. Resolves to the job's id.
 */
export async function startRedaction(actor: SessionUser): Promise<{ jobId: string; started: boolean }> {
  const cursor: RedactionCursor = { afterKey: -1, redacted: 0, unreadable: 0, unreadableIds: [] };
  return startStoreWideJob(REDACTION_JOB_KIND, cursor, {
    actor,
    action: "privacy_settings.apply",
    targetType: "privacy_settings",
    targetId: "1",
    targetLabel: "Privacy settings",
  });
}
