"use client";
// Review next: from the filtered list, opens the first unreviewed transcript of a new pass.
import { useState } from "react";
import { useRouter } from "next/navigation";
import { ListChecks, LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import type { TranscriptFilters } from "@/lib/queries/transcripts";
import { markVisited, nextInPass, queuePath, queueQuery, restartPass } from "@/lib/queries/review-queue";

export function ReviewNextButton({ filters }: { filters: TranscriptFilters }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    const query = queueQuery(filters);
    setBusy(true);
    try {
      restartPass(query);
      const id = await nextInPass(query, []);
      if (id === null) toast({ title: "Nothing to review", description: "The list holds no transcript" });
      else {
        markVisited(query, id);
        router.push(queuePath(id, query));
      }
    } catch (error) {
      toast({ title: "Review next failed", description: error instanceof Error ? error.message : undefined, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" onClick={() => void start()} disabled={busy}>
      {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <ListChecks aria-hidden />}
      Review next
    </Button>
  );
}
