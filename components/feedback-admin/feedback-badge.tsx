// Feedback column: thumbs up reads Helpful, thumbs down Not Helpful.
import { ThumbsDown, ThumbsUp } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { feedbackTypeLabel } from "@/lib/feedback/display";
import type { FeedbackType } from "@/lib/schemas/feedback";

export function FeedbackBadge({ type }: { type: FeedbackType }) {
  const isHelpful = type === "thumbs_up";
  const Icon = isHelpful ? ThumbsUp : ThumbsDown;
  return (
    <Badge variant={isHelpful ? "success" : "danger"} className="whitespace-nowrap">
      <Icon className="size-3" aria-hidden />
      {feedbackTypeLabel(type)}
    </Badge>
  );
}
