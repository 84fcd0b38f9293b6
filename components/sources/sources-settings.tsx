"use client";
// Admin Panel > Sources: the bot platform projects whose transcripts the portal syncs, and how the
// sync is driven (a warning when nothing drives it).
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { PageTitle } from "@/components/layout/page-title";
import { BackToAdminPanel } from "@/components/admin/back-to-admin-panel";
import { useSources, useSyncSchedule } from "@/lib/queries/sources";
import { errorMessage } from "@/lib/client/api-error";
import { AddSourceForm } from "./add-source-form";
import { SourceCard } from "./source-card";
import { SyncScheduleNotice } from "./sync-schedule-notice";

export function SourcesSettings() {
  const sources = useSources();
  const schedule = useSyncSchedule();
  return (
    <>
      <PageTitle title="Sources" subtitle="Voiceflow projects the portal syncs transcripts from" actions={<BackToAdminPanel />} />
      <AddSourceForm />
      <SyncScheduleNotice schedule={schedule.data} hasSources={(sources.data?.length ?? 0) > 0} />
      <div className="mt-4 space-y-4">
        {sources.isPending ? (
          <Card className="space-y-3 p-6" role="status" aria-label="Loading sources">
            <Skeleton className="h-8 w-full" />
            <Skeleton className="h-8 w-2/3" />
          </Card>
        ) : sources.isError ? (
          <Card className="p-6 text-red-700" role="alert">
            Failed to load sources: {errorMessage(sources.error, "An unexpected error occurred")}
          </Card>
        ) : sources.data.length === 0 ? (
          <Card className="p-6 text-slate-600">No sources yet: add a Voiceflow project above.</Card>
        ) : (
          sources.data.map((source) => <SourceCard key={source.id} source={source} schedule={schedule.data} />)
        )}
      </div>
    </>
  );
}
