"use client";
// Administrators: the Privacy page: redaction at ingest and of stored transcripts,
// retention, and erasure on request.
import { BackToAdminPanel } from "@/components/admin/back-to-admin-panel";
import { PageTitle } from "@/components/layout/page-title";
import { ErrorNoticeCard } from "@/components/ui/notice-card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePrivacySettings } from "@/lib/queries/privacy";
import { ApplyRedaction } from "./apply-redaction";
import { EraseTranscripts } from "./erase-transcripts";
import { PersonKeys } from "./person-keys";
import { RedactionSettings } from "./redaction-settings";
import { RetentionSettings } from "./retention-settings";

export function PrivacySettingsAdmin() {
  const settings = usePrivacySettings();
  const saved = settings.data;
  return (
    <div className="space-y-6">
      <PageTitle
        title="Privacy"
        subtitle="What is redacted from transcripts, how long they are kept, and erasure on request"
        actions={<BackToAdminPanel />}
      />
      {settings.isError ? (
        <ErrorNoticeCard title="Failed to load the privacy settings" message={settings.error.message} />
      ) : saved ? (
        <>
          {/* Each form starts again from what the server saved for its own part. */}
          <RedactionSettings key={JSON.stringify([saved.redact, saved.customPatterns])} settings={saved} />
          <ApplyRedaction />
          <RetentionSettings key={String(saved.retentionDays)} settings={saved} />
        </>
      ) : (
        <div className="space-y-6" role="status" aria-busy="true">
          <span className="sr-only">Loading the privacy settings…</span>
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      )}
      <EraseTranscripts />
      <PersonKeys />
    </div>
  );
}
