"use client";
// On a transcript's page, for administrators: the newest rating still pending review on another
// transcript, one click away, so that triage can go from answer to answer without the table.
import Link from "next/link";
import { ArrowRight } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { useAdminFeedback } from "@/lib/queries/admin-feedback";
import { messagePath } from "@/lib/transcript-view/transcript-links";

/** Pending ratings looked at for one on another transcript (this one's are shown on its page). */
const LOOKAHEAD = 20;

export function NextToReviewLink({ transcriptId }: { transcriptId: string }) {
  const pending = useAdminFeedback({ filter: "pending", page: 1, limit: LOOKAHEAD });
  const next = pending.data?.items.find((item) => item.transcriptId !== transcriptId);
  if (!next) return null;
  return (
    <Link
      href={messagePath(next.transcriptId, next.messageIndex)}
      className={buttonClasses({ variant: "outline", size: "md" })}
      data-testid="next-to-review"
    >
      Next to review
      <ArrowRight aria-hidden />
    </Link>
  );
}
