"use client";
// Admin Panel > Sources: the bot platform projects whose transcripts the portal syncs by itself.
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { PageTitle } from "@/components/layout/page-title";
import { BackToAdminPanel } from "@/components/admin/back-to-admin-panel";
import { useSources } from "@/lib/queries/sources";
import { errorMessage } from "@/lib/client/api-error";
import { AddSourceForm } from "./add-source-form";
import { SourceCard } from "./source-card";

export function SourcesSettings() {
  const sources = useSources();
  return (
    <>
      <PageTitle title="Sources" subtitle="Voiceflow projects whose transcripts arrive by themselves" actions={<BackToAdminPanel />} />
      <AddSourceForm />
      <div className="mt-6 space-y-4">
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
          sources.data.map((source) => <SourceCard key={source.id} source={source} />)
        )}
      </div>
    </>
  );
}
