import "server-only";
import { createHash } from "node:crypto";
import { db } from "../db";
import { AppError, badRequest } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { SessionUser } from "../auth/session";
import { readSourcesPassing, storedTranscriptIds, transcriptIdsOfSession } from "../store";
import { continueJobAfterResponse, runJob, startJob } from "../jobs/run-jobs";
import { erasureRequestBudgetMs } from "../jobs/job-settings";
import { recordErasedTranscripts } from "./erased-transcripts";
import { ERASURE_JOB_KIND, type ErasureCursor } from "./erasure-job";
import { ErasureMatcher, normalizeErasureQuery, type ErasureKind, type ErasureQuery } from "@/lib/privacy/erasure";
import { erasurePrefilter } from "@/lib/privacy/erasure-prefilter";
import type { ErasurePreview, ErasureRequest, ErasureResult, ErasureTarget } from "@/lib/schemas/privacy";
import { personQueryOf, transcriptIdsOfPerson } from "./person-transcripts";
import { redactSavedViews } from "./redact-saved-views";

// Erasure on request: administrators delete the transcripts of a list of ids, of a
// session, whose stored record holds an e-mail address or phone number (`contains`), or of a person:
// those that held an address or number when received, found by its keyed hash after redaction
// replaced it (person-transcripts.ts); a target naming an address or number also has it replaced
// by its placeholder in the search text of saved views (redact-saved-views.ts). The same resolution
// answers the preview and decides the erasure, which is refused when its count is no longer the
// previewed one. Transcripts stored after the count was taken are not erased by the request. The
// ids erased are remembered (ErasedTranscript), so that no way in stores them again.

/** Transcripts per read of a scan for `contains`: a bounded slice of the keys, well within the read budget. */
const SCAN_SLICE = 10_000;

/** The refusal of an erasure whose target no longer matches the previewed count; `count` is the new one. */
export class ErasureCountChanged extends AppError {
  constructor(readonly count: number) {
    super("CONFLICT", "The matching transcripts changed since the preview; review the new count and confirm again");
  }
}

/** The target as the audit log may keep it: its kind and size, never the value searched for. */
type TargetSummary =
  | { target: "ids"; ids: number }
  | { target: "session" }
  | { target: "contains"; contains: ErasureKind }
  | { target: "person"; person: ErasureKind };

interface ResolvedTarget {
  ids: string[];
  summary: TargetSummary;
  /** The address or number the target names, if it names one. */
  query: ErasureQuery | null;
}

/** The kind a `contains` value is read as: an e-mail address when it has an '@', else a phone number. */
function containsQuery(value: string): ErasureQuery {
  const normalized = normalizeErasureQuery(value.includes("@") ? "email" : "phone", value);
  if (!normalized.ok) throw badRequest(`contains: ${normalized.message}`);
  return normalized.query;
}

/**
 * The ids of the stored transcripts whose record holds the query's address or number: every record
 * is tested, in sort key order, by the database's prefilter, and each that passes by the matcher.
 * The word index cannot narrow it soundly: it holds the messages' texts only (not trace variables,
 * JSON in strings or other fields), and a phone number's digits may be grouped any way. So each pass
 * reads every stored record inside the database, a time that grows with the store (`npm run
 * bench:privacy` measures it); only the candidates are read out.
 */
async function idsHolding(query: ErasureQuery): Promise<string[]> {
  const prefilter = erasurePrefilter(query);
  const matcher = new ErasureMatcher(query);
  const ids: string[] = [];
  for (let afterKey = Number.MIN_SAFE_INTEGER; ;) {
    const { candidates, lastKey } = await readSourcesPassing(prefilter, afterKey, SCAN_SLICE);
    for (const row of candidates) if (matcher.matchesRecord(JSON.parse(row.source))) ids.push(row.id);
    if (lastKey === null) return ids;
    afterKey = lastKey;
  }
}

/** An erasure job's key: the transcripts it was started for, whatever order the request named them in. */
function erasureKey(ids: string[]): string {
  return createHash("sha256")
    .update([...ids].sort().join("\n"))
    .digest("hex");
}

async function resolveTarget(target: ErasureTarget): Promise<ResolvedTarget> {
  if (target.ids !== undefined) {
    return { ids: await storedTranscriptIds(target.ids), summary: { target: "ids", ids: target.ids.length }, query: null };
  }
  if (target.sessionId !== undefined) {
    return { ids: await transcriptIdsOfSession(target.sessionId), summary: { target: "session" }, query: null };
  }
  if (target.contains !== undefined) {
    const query = containsQuery(target.contains);
    return { ids: await idsHolding(query), summary: { target: "contains", contains: query.kind }, query };
  }
  const person = personQueryOf(target);
  if (person) return { ids: await transcriptIdsOfPerson(person), summary: { target: "person", person: person.kind }, query: person };
  throw badRequest("Give exactly one of ids, sessionId, contains, email or phone");
}

/** POST /api/admin/transcripts/erase/preview: how many transcripts the target names now. Administrators. Throws BAD_REQUEST. */
export async function previewErasure(target: ErasureTarget): Promise<ErasurePreview> {
  return { count: (await resolveTarget(target)).ids.length };
}

const TARGET_LABELS: Record<"ids" | "session" | ErasureKind, string> = {
  ids: "Transcripts by id",
  session: "The transcripts of a session",
  email: "Transcripts holding an e-mail address",
  phone: "Transcripts holding a phone number",
};
const PERSON_LABELS: Record<ErasureKind, string> = {
  email: "The transcripts of an e-mail address",
  phone: "The transcripts of a phone number",
};

function targetLabel(summary: TargetSummary): string {
  if (summary.target === "contains") return TARGET_LABELS[summary.contains];
  if (summary.target === "person") return PERSON_LABELS[summary.person];
  return TARGET_LABELS[summary.target];
}

/**
 * POST /api/admin/transcripts/erase: erases the transcripts the target names, with everything
 * stored with them, when they are still `expectedCount`, and records one audit entry with the
 * reason, the count, the kind of target and how many saved views had the address or number taken
 * out of their search text (when any did: redactSavedViews). Their ids are remembered first, so
 * that no way in stores them again (saveAdmittedTranscripts); then a "transcript-erasure" job deletes them, for
 * erasureRequestBudgetMs() within the request: `jobId` is in the result when it goes on after the
 * answer, with its progress at `/api/admin/jobs/{jobId}`. Administrators. Throws BAD_REQUEST,
 * SERVICE_UNAVAILABLE (a person target with no person keys), ErasureCountChanged (nothing deleted).
 */
export async function eraseTranscripts(request: ErasureRequest, actor: SessionUser): Promise<ErasureResult> {
  const { ids, summary, query } = await resolveTarget(request);
  if (ids.length !== request.expectedCount) throw new ErasureCountChanged(ids.length);
  await recordErasedTranscripts(ids, new Date());
  // One erasure of the same transcripts at a time: the same request sent twice is given the first's job.
  const { jobId } = await startJob(ERASURE_JOB_KIND, erasureKey(ids), async () => ({
    cursor: { afterId: null } satisfies ErasureCursor,
    total: ids.length,
    writes: async (tx) => {
      const savedViews = query ? await redactSavedViews(tx, query) : 0;
      await recordAuditEvent(tx, {
        actor,
        action: "transcripts.erase",
        targetType: "transcripts",
        targetId: summary.target,
        targetLabel: targetLabel(summary),
        details: { reason: request.reason, deleted: ids.length, ...summary, ...(savedViews > 0 ? { savedViews } : {}) },
      });
    },
  }));
  const outcome = await runJob(jobId, { budgetMs: erasureRequestBudgetMs() });
  if (outcome.status === "succeeded") return { deleted: ids.length };
  if (outcome.status === "failed") {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "The erasure stopped part-way; the transcripts left are refused at every way in. Erase them again.",
    );
  }
  continueJobAfterResponse(jobId);
  const { done } = await db.job.findUniqueOrThrow({ where: { id: jobId }, select: { done: true } });
  return { deleted: done, total: ids.length, jobId };
}
