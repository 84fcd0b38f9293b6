import "server-only";
import { db } from "../db";
import { notFound } from "../http/app-error";
import type { JobDto } from "@/lib/schemas/sources";

/** Administrators: a background job's progress. Throws NOT_FOUND. */
export async function getJob(jobId: string): Promise<JobDto> {
  const job = await db.job.findUnique({ where: { id: jobId } });
  if (!job) throw notFound("Job not found");
  return {
    id: job.id,
    kind: job.kind,
    status: job.status as JobDto["status"],
    done: job.done,
    total: job.total,
    error: job.error,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}
