"use client";
// Administrators: erasure by person finds transcripts by the keyed hashes of the e-mail addresses
// and phone numbers they held when received, kept at every way in before redaction. This starts
// the background job that gives the transcripts stored before that their hashes, from what their
// stored texts still hold, followed with a progress bar.
import { useState } from "react";
import { UserSearch } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/toast-store";
import { personKeysProgressText } from "@/lib/format/privacy";
import { useKeepPersonKeys, useTranscriptsJob } from "@/lib/queries/privacy";
import { isJobUnderWay } from "@/lib/schemas/sources";
import { JobProgress } from "./job-progress";

export const KEEP_PERSON_KEYS = "Find people in stored transcripts";

export function PersonKeys() {
  const start = useKeepPersonKeys();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useTranscriptsJob(jobId);
  const running = start.isPending || isJobUnderWay(job.data);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Erasure by person</CardTitle>
        <CardDescription>
          Every new transcript keeps a keyed hash of each e-mail address and phone number it holds, taken before redaction, so that erasure
          by a person&apos;s address or number finds it. Transcripts stored before this get theirs once you go over them here, from what
          their texts still hold: values already redacted cannot be found.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button
          variant="outline"
          disabled={running}
          className="h-auto min-h-10 max-w-full py-2"
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: ({ jobId: started }) => setJobId(started),
              onError: (error) => toast({ title: "Not started", description: error.message, variant: "destructive" }),
            })
          }
        >
          <UserSearch className={running ? "animate-pulse" : undefined} aria-hidden />
          <span className="whitespace-normal text-left">{KEEP_PERSON_KEYS}</span>
        </Button>
        <JobProgress
          job={job}
          label="Going over stored transcripts for people"
          text={personKeysProgressText}
          testIds={{ block: "person-keys-job", text: "person-keys-progress" }}
        />
      </CardContent>
    </Card>
  );
}
