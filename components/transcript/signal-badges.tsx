"use client";
// The transcript's signals as badges beside the page's title, each telling why (its tooltip and
// accessible name); a badge with a turn scrolls to that turn and marks it (#message-N).
import { SignalBadge, SIGNAL_LABEL } from "@/components/insights/signal-labels";
import type { SignalExplanation } from "@/lib/schemas/insights";
import { messageAnchorId } from "@/lib/transcript-view/transcript-links";

function showTurn(messageIndex: number) {
  const id = messageAnchorId(messageIndex);
  // The page marks the turn the hash names; the hash may already name it, so scroll as well.
  window.location.hash = id;
  document.getElementById(id)?.scrollIntoView({ block: "center" });
}

export function TranscriptSignalBadges({ signals }: { signals: readonly SignalExplanation[] }) {
  if (signals.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Signals">
      {signals.map(({ kind, messageIndex, reason }) => {
        const name = `${SIGNAL_LABEL[kind]}: ${reason}`;
        const badge = <SignalBadge signal={kind} title={reason} />;
        return (
          <li key={kind}>
            {messageIndex === null ? (
              <span aria-label={name} role="note">
                {badge}
              </span>
            ) : (
              <button
                type="button"
                aria-label={name}
                className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
                onClick={() => showTurn(messageIndex)}
              >
                {badge}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
