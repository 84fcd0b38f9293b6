"use client";
// A background job's progress bar and its line of text, followed while it runs: the redaction of
// stored transcripts and a large erasure show theirs on the Privacy page.
import { CircleAlert, CircleCheck } from "lucide-react";
import { ProgressBar } from "@/components/ui/progress-bar";
import { jobPercent } from "@/lib/format/privacy";
import type { JobDto } from "@/lib/schemas/sources";

const TEXT_CLASS: Record<JobDto["status"], string> = {
  queued: "mt-2 text-sm text-slate-600",
  running: "mt-2 text-sm text-slate-600",
  succeeded: "mt-2 flex items-start gap-1.5 text-sm text-emerald-800",
  failed: "mt-2 flex items-start gap-1.5 text-sm text-red-700",
};

interface JobProgressProps {
  /** The job as polled: its state once read, and the error of a failed read. */
  job: { data?: JobDto; error: Error | null };
  /** The progress bar's name for screen readers. */
  label: string;
  /** The line under the bar, from the job's state. */
  text: (job: JobDto) => string;
  /** The block's test id (its `data-status` is the job's status), and its line's. */
  testIds: { block: string; text: string };
}

export function JobProgress({ job, label, text, testIds }: JobProgressProps) {
  return (
    <>
      {job.data ? (
        <div data-testid={testIds.block} data-status={job.data.status}>
          <ProgressBar label={label} percent={jobPercent(job.data)} />
          <p className={TEXT_CLASS[job.data.status]} aria-live="polite" data-testid={testIds.text}>
            {job.data.status === "failed" ? <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden /> : null}
            {job.data.status === "succeeded" ? <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden /> : null}
            <span>{text(job.data)}</span>
          </p>
        </div>
      ) : null}
      {job.error ? (
        <p role="alert" className="text-sm text-red-700">
          {job.error.message}
        </p>
      ) : null}
    </>
  );
}
