import "server-only";
import { db } from "../db";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { SessionUser } from "../auth/session";
import { enqueueJob, jobUnderWay } from "../jobs/run-jobs";
import { registerJobKind, type JobState, type StepResult } from "../jobs/job-kinds";
import { readSourcesAfter, saveTranscripts } from "../store";
import { getPrivacySettings } from "./privacy-settings";
import { redactorFor } from "@/lib/privacy/redactor";
import { readRecord } from "@/lib/transcripts/read-record";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";

// The "privacy-redaction" job (issue 34): applies the redaction settings in force to every stored
// transcript, in sort key order, a batch per step; its cursor is the last key done. A transcript
// whose stored record holds something to redact is stored again from the redacted record, so that
// its texts, preview, device fields, search rows and stored source hold placeholders only; the
// others are not written. Redacting a redacted record changes nothing, so a step that runs again
// after a crash is harmless.

export const REDACTION_JOB_KIND = "privacy-redaction";

/** Transcripts per step: a step reads their records, redacts them and stores the changed ones. */
const REDACTION_BATCH_SIZE = 2_000;
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

async function step(job: JobState<RedactionCursor>): Promise<StepResult<RedactionCursor>> {
  const cursor = job.cursor;
  const rows = await readSourcesAfter(cursor.afterKey, REDACTION_BATCH_SIZE);
  if (rows.length === 0) {
    if (cursor.unreadable === 0) return { cursor, done: job.done, finished: { status: "succeeded" } };
    const error = `${cursor.unreadable} transcript(s) could not be read once redacted and were left as they were: ${cursor.unreadableIds.join(", ")}`;
    return { cursor, done: job.done, finished: { status: "failed", error } };
  }
  const redactor = redactorFor((await getPrivacySettings()).settings);
  const changed: StorableTranscript[] = [];
  const next: RedactionCursor = { ...cursor, afterKey: rows.at(-1)!.sortKey, unreadableIds: [...cursor.unreadableIds] };
  for (const row of rows) {
    const { text, changed: isChanged } = redactor.redactJsonText(row.source);
    if (!isChanged) continue;
    const result = readRecord({ raw: JSON.parse(text), text, fallback: { id: row.id, sessionId: row.sessionId } });
    if (result.ok && result.transcript.id === row.id) {
      changed.push(result.transcript);
    } else {
      next.unreadable += 1;
      if (next.unreadableIds.length < KEPT_UNREADABLE_IDS) next.unreadableIds.push(row.id);
    }
  }
  if (changed.length > 0) await saveTranscripts(changed);
  next.redacted += changed.length;
  return { cursor: next, done: job.done + rows.length };
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
