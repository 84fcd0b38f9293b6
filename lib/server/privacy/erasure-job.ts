import "server-only";
import { db } from "../db";
import { registerJobKind, type JobState, type StepResult } from "../jobs/job-kinds";
import { deleteTranscripts, scrubDeletedTranscripts, storedTranscriptIds } from "../store";

// The "transcript-erasure" job: deletes every stored transcript whose id is remembered as
// erased on request (ErasedTranscript), with everything stored with it. An erasure request records
// its ids and then starts one; the job goes through the remembered ids in id order, a batch per
// step, so it also removes what an earlier erasure that failed part-way left stored. Deleting what
// is already gone deletes nothing, so a step that runs again after a crash is harmless. Its total
// is the request's count; its progress counts the transcripts it deleted. It ends by scrubbing the
// database's files of what it deleted (scrubDeletedTranscripts).

export const ERASURE_JOB_KIND = "transcript-erasure";

/** Remembered ids looked at per step: their stored transcripts are deleted in one call. */
const ERASURE_BATCH_SIZE = 2_000;

export interface ErasureCursor {
  /** The last remembered id looked at (null before the first). */
  afterId: string | null;
}

async function step(job: JobState<ErasureCursor>): Promise<StepResult<ErasureCursor>> {
  const remembered = await db.erasedTranscript.findMany({
    where: job.cursor.afterId === null ? {} : { id: { gt: job.cursor.afterId } },
    orderBy: { id: "asc" },
    take: ERASURE_BATCH_SIZE,
    select: { id: true },
  });
  // Every remembered id was looked at: whatever the request named is gone, whoever deleted it; and
  // none of its bytes are left in the database's files.
  if (remembered.length === 0) {
    await scrubDeletedTranscripts();
    return { cursor: job.cursor, done: job.total ?? job.done, finished: { status: "succeeded" } };
  }
  const stored = await storedTranscriptIds(remembered.map((row) => row.id));
  const deleted = stored.length > 0 ? await deleteTranscripts(stored) : 0;
  const done = job.total === null ? job.done + deleted : Math.min(job.total, job.done + deleted);
  return { cursor: { afterId: remembered.at(-1)!.id }, done };
}

registerJobKind<ErasureCursor>(ERASURE_JOB_KIND, { step });
