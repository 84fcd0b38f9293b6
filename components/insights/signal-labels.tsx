// How the insight signals read and look: their names, and a small badge per signal (the list's
// rows, the transcript page).
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import type { SignalKind } from "@/lib/schemas/insights";

export const SIGNAL_LABEL: Record<SignalKind, string> = {
  fallback: "Fallback",
  handoff: "Handoff",
  unanswered: "Unanswered",
  repeated: "Repeated question",
};

/** What each signal means, as the badge's tooltip and the filter's help. */
export const SIGNAL_DESCRIPTION: Record<SignalKind, string> = {
  fallback: "The bot did not understand a message",
  handoff: "The user asked for, or reached, a human",
  unanswered: "The user's last message got no answer",
  repeated: "The user asked the same thing twice",
};

const SIGNAL_VARIANT: Record<SignalKind, BadgeVariant> = {
  fallback: "danger",
  handoff: "info",
  unanswered: "warning",
  repeated: "warning",
};

/** `title`: the tooltip, what the signal means unless told. */
export function SignalBadge({ signal, title = SIGNAL_DESCRIPTION[signal] }: { signal: SignalKind; title?: string }) {
  return (
    <Badge variant={SIGNAL_VARIANT[signal]} title={title} data-testid="signal-badge">
      {SIGNAL_LABEL[signal]}
    </Badge>
  );
}
