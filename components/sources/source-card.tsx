"use client";
// One source: its settings, status with a progress bar while it runs, when it syncs next (or why it
// was paused), the last runs, and its actions.
import { useState } from "react";
import { Pause, Pencil, Play, PlugZap, RefreshCw, Trash2 } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ProgressBar } from "@/components/ui/progress-bar";
import { toast } from "@/components/ui/toast-store";
import { useDeleteSource, useSyncSource, useTestSource, useUpdateSource } from "@/lib/queries/sources";
import { errorMessage } from "@/lib/client/api-error";
import { formatDateTime } from "@/lib/format/date-time";
import { nextSyncText, progressPercent, runProgressText, SOURCE_KIND_LABELS, sourceStatusLabel } from "@/lib/format/sync-run";
import type { ConnectionTestDto, SourceDto, SyncScheduleDto } from "@/lib/schemas/sources";
import { SyncRuns } from "./sync-runs";
import { EditSourceDialog } from "./edit-source-dialog";

const STATUS_VARIANT: Record<string, BadgeVariant> = { Running: "info", Failed: "danger", Paused: "warning", Idle: "neutral" };
const failed = (title: string) => (error: unknown) =>
  toast({ title, description: errorMessage(error, "An unexpected error occurred"), variant: "destructive" });

export function SourceCard({ source, schedule }: { source: SourceDto; schedule: SyncScheduleDto | undefined }) {
  const testSource = useTestSource();
  const syncSource = useSyncSource();
  const updateSource = useUpdateSource();
  const deleteSource = useDeleteSource();
  const [testResult, setTestResult] = useState<ConnectionTestDto | null>(null);
  const [toDelete, setToDelete] = useState<"source" | "with-transcripts" | null>(null);
  const [isEditing, setIsEditing] = useState(false);
  const nextSync = nextSyncText(source, schedule, new Date());
  const isRunning = source.status === "running";
  const statusLabel = sourceStatusLabel(source);
  const run = source.lastRun;
  const percent = run ? progressPercent(run.progress) : 0;
  const headingId = `source-${source.id}-name`;

  return (
    <Card className="p-5" aria-labelledby={headingId} role="region">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {source.name}
          </h2>
          <p className="text-sm text-slate-600">
            {SOURCE_KIND_LABELS[source.kind]} · project <span className="font-mono">{source.projectId}</span>
            {source.environmentId ? ` · environment ${source.environmentId}` : ""} · from {source.startDate}
          </p>
          <p className="text-sm text-slate-600">
            Base URL: <span className="break-all">{source.baseUrl ?? "the platform's public host"}</span> · API key: set
          </p>
          <p className="text-sm text-slate-600">
            Last sync: {source.lastSyncAt ? formatDateTime(source.lastSyncAt) : "Never"}
            {nextSync ? ` · ${nextSync}` : ""}
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[statusLabel]}>{statusLabel}</Badge>
      </div>

      {source.paused && source.pausedReason ? (
        <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200" role="status">
          Paused by the portal: {source.pausedReason}. Fix the cause, then resume.
        </p>
      ) : null}

      {isRunning && run ? (
        <div className="mt-4">
          <ProgressBar label={`Sync of ${source.name}`} percent={percent} />
          <p className="mt-1 text-sm text-slate-600" aria-live="polite">
            {runProgressText(run)}
          </p>
        </div>
      ) : null}

      {testResult ? (
        <p className={testResult.ok ? "mt-3 text-sm text-emerald-700" : "mt-3 text-sm text-red-700"} role="status">
          {testResult.message}
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={testSource.isPending}
          onClick={() => testSource.mutate(source.id, { onSuccess: setTestResult, onError: failed("Connection test failed") })}
        >
          <PlugZap aria-hidden /> {testSource.isPending ? "Testing..." : "Test connection"}
        </Button>
        <Button
          size="sm"
          disabled={isRunning || source.paused || syncSource.isPending}
          onClick={() => syncSource.mutate(source.id, { onError: failed("Sync not started") })}
        >
          <RefreshCw aria-hidden /> Sync now
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={updateSource.isPending}
          onClick={() =>
            updateSource.mutate({ sourceId: source.id, input: { paused: !source.paused } }, { onError: failed("Change failed") })
          }
        >
          {source.paused ? <Play aria-hidden /> : <Pause aria-hidden />} {source.paused ? "Resume" : "Pause"}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setIsEditing(true)}>
          <Pencil aria-hidden /> Edit
        </Button>
        <Button variant="outline" size="sm" disabled={deleteSource.isPending} onClick={() => setToDelete("source")}>
          <Trash2 aria-hidden /> Delete
        </Button>
        <Button variant="outline" size="sm" disabled={deleteSource.isPending} onClick={() => setToDelete("with-transcripts")}>
          <Trash2 aria-hidden /> Delete with transcripts
        </Button>
      </div>

      <details className="mt-4">
        <summary className="cursor-pointer text-sm font-medium text-slate-800">Last runs</summary>
        <div className="mt-2">
          <SyncRuns sourceId={source.id} isRunning={isRunning} lastSyncAt={source.lastSyncAt} />
        </div>
      </details>

      {isEditing ? <EditSourceDialog source={source} open onOpenChange={setIsEditing} /> : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={toDelete === "with-transcripts" ? "Delete this source and its transcripts?" : "Delete this source?"}
        description={
          toDelete === "with-transcripts"
            ? `${source.name} and every transcript it brought (with their feedback) will be permanently removed.`
            : `${source.name} will stop syncing. The transcripts it brought stay in the portal.`
        }
        confirmLabel="Delete"
        onConfirm={() =>
          deleteSource.mutate(
            { sourceId: source.id, withTranscripts: toDelete === "with-transcripts" },
            {
              onSuccess: (result) =>
                toast({
                  title: "Source deleted",
                  description: result.transcriptsDeleted > 0 ? `${result.transcriptsDeleted} transcripts deleted` : source.name,
                  variant: "success",
                }),
              onError: failed("Delete failed"),
            },
          )
        }
      />
    </Card>
  );
}
