"use client";
// A source's last runs: when, how it ended, its counts, and why transcripts were rejected.
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { useSourceRuns } from "@/lib/queries/sources";
import { errorMessage } from "@/lib/client/api-error";
import { formatDateTime } from "@/lib/format/date-time";
import { runCountsText } from "@/lib/format/sync-run";
import type { SyncRunDto } from "@/lib/schemas/sources";

const STATUS: Record<SyncRunDto["status"], { label: string; variant: BadgeVariant }> = {
  running: { label: "Running", variant: "info" },
  succeeded: { label: "Succeeded", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
  cancelled: { label: "Cancelled", variant: "warning" },
};

export function SyncRuns({ sourceId, isRunning, lastSyncAt }: { sourceId: string; isRunning: boolean; lastSyncAt: string | null }) {
  const runs = useSourceRuns(sourceId, isRunning, lastSyncAt);
  if (runs.isPending)
    return (
      <p className="text-sm text-slate-500" role="status">
        Loading runs...
      </p>
    );
  if (runs.isError)
    return (
      <p className="text-sm text-red-700" role="alert">
        Failed to load runs: {errorMessage(runs.error, "An unexpected error occurred")}
      </p>
    );
  if (runs.data.length === 0) return <p className="text-sm text-slate-600">No runs yet</p>;
  return (
    <ol className="divide-y divide-slate-100" aria-label="Sync runs">
      {runs.data.map((run) => (
        <li key={run.id} className="py-2 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={STATUS[run.status].variant}>{STATUS[run.status].label}</Badge>
            <span className="text-slate-700">{formatDateTime(run.startedAt)}</span>
            <span className="text-xs text-slate-500">{run.trigger === "manual" ? "Sync now" : "Scheduled"}</span>
          </div>
          <p className="mt-1 text-slate-700">{runCountsText(run)}</p>
          {run.error ? <p className="mt-1 text-red-700">{run.error}</p> : null}
          {run.rejected.length > 0 ? (
            <details className="mt-1">
              <summary className="cursor-pointer text-slate-600">Rejected transcripts</summary>
              <ul className="mt-1 space-y-0.5 font-mono text-xs text-slate-700">
                {run.rejected.map((rejection, index) => (
                  <li key={`${rejection.transcriptId}-${index}`}>
                    {rejection.transcriptId}: {rejection.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
