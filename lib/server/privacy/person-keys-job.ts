import "server-only";
import { startStoreWideJob } from "../jobs/start-store-wide-job";
import type { SessionUser } from "../auth/session";
import { registerJobKind, type JobState, type StepResult } from "../jobs/job-kinds";
import { readSourcesAfter, savePersonKeys, type PersonKeyRow } from "../store";
import { personKeySecret } from "./person-key-secret";
import { personKeysOf } from "@/lib/privacy/person-keys";
import { addPersonValuesOfRecord } from "@/lib/privacy/person-values";

// The "person-keys" job: gives every stored transcript the keyed hashes of the e-mail addresses and
// phone numbers its stored record holds (TranscriptPersonKey), so that erasure by person finds the
// transcripts stored before the ways in kept them. What redaction replaced is gone and gives
// nothing; what a kind's redaction left (off, or the transcript stored before it was on) is found
// by the same detectors. It goes through the transcripts in sort key order, a chunk per step; keys
// are only added, so a step that runs again after a crash is harmless. Administrators start it
// from the Privacy page once, after the upgrade that brings erasure by person.

export const PERSON_KEYS_JOB_KIND = "person-keys";

/** Transcripts read per step. */
const CHUNK_SIZE = 2_000;
const BOTH_KINDS = { email: true, phone: true };

interface PersonKeysCursor {
  /** The last sort key done (-1 before the first). */
  afterKey: number;
}

/** The record a stored source holds, or the text itself when it is not JSON. */
function recordOf(source: string): unknown {
  try {
    return JSON.parse(source);
  } catch {
    return source;
  }
}

async function step(job: JobState<PersonKeysCursor>): Promise<StepResult<PersonKeysCursor>> {
  const secret = await personKeySecret();
  if (!secret) {
    return {
      cursor: job.cursor,
      done: job.done,
      finished: { status: "failed", error: "SOURCES_ENCRYPTION_KEY is not set: no person keys can be made" },
    };
  }
  const rows = await readSourcesAfter(job.cursor.afterKey, CHUNK_SIZE);
  if (rows.length === 0) return { cursor: job.cursor, done: job.done, finished: { status: "succeeded" } };
  const keys: PersonKeyRow[] = [];
  for (const row of rows) {
    const values = new Set<string>();
    addPersonValuesOfRecord(recordOf(row.source), BOTH_KINDS, values);
    for (const hash of personKeysOf(values, secret)) keys.push({ transcriptId: row.id, hash });
  }
  await savePersonKeys(keys);
  return { cursor: { afterKey: rows.at(-1)!.sortKey }, done: job.done + rows.length };
}

registerJobKind<PersonKeysCursor>(PERSON_KEYS_JOB_KIND, { step });

/**
 * POST /api/admin/privacy/person-keys: starts the person-keys job over every stored transcript
 * (audited), or answers the one under way. Administrators. Resolves to the job's id.
 */
export async function startPersonKeys(actor: SessionUser): Promise<{ jobId: string; started: boolean }> {
  const cursor: PersonKeysCursor = { afterKey: -1 };
  return startStoreWideJob(PERSON_KEYS_JOB_KIND, cursor, {
    actor,
    action: "privacy_settings.person_keys",
    targetType: "privacy_settings",
    targetId: "1",
    targetLabel: "Privacy settings",
  });
}
