"use client";
// Administrators: redacts every stored transcript by the saved settings as a
// background job, followed with a progress bar until it succeeds or fails.
import { useState } from "react";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/components/ui/toast-store";
import { redactionProgressText } from "@/lib/format/privacy";
import { useApplyRedaction, useTranscriptsJob } from "@/lib/queries/privacy";
import { isJobUnderWay } from "@/lib/schemas/sources";
import { JobProgress } from "./job-progress";

export const APPLY_REDACTION = "Apply redaction to stored transcripts";

export function ApplyRedaction() {
  const start = useApplyRedaction();
  const [jobId, setJobId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const job = useTranscriptsJob(jobId);
  const running = start.isPending || isJobUnderWay(job.data);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Stored transcripts</CardTitle>
        <CardDescription>
          Redacts every stored transcript by the saved settings above, as new ones are at ingest. It runs in the background; you can leave
          this page while it does.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button variant="outline" disabled={running} onClick={() => setConfirming(true)} className="h-auto min-h-10 max-w-full py-2">
          <ShieldCheck className={running ? "animate-pulse" : undefined} aria-hidden />
          <span className="whitespace-normal text-left">{APPLY_REDACTION}</span>
        </Button>
        <JobProgress
          job={job}
          label="Redaction of stored transcripts"
          text={redactionProgressText}
          testIds={{ block: "redaction-job", text: "redaction-progress" }}
        />
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Apply redaction to every stored transcript?"
        description="Values of the kinds and patterns turned on are replaced by their placeholders in every stored transcript. The original values cannot be restored."
        confirmLabel="Apply redaction"
        onConfirm={() =>
          start.mutate(undefined, {
            onSuccess: ({ jobId: started }) => setJobId(started),
            onError: (error) => toast({ title: "Redaction not started", description: error.message, variant: "destructive" }),
          })
        }
      />
    </Card>
  );
}
