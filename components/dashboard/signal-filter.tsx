"use client";
// The dashboard's Signal filter: transcripts with any of the chosen signals (Fallback, Handoff,
// Unanswered, Repeated question), as the list's repeatable `signal` parameter (kept in the address
// like the other filters).
import clsx from "clsx";
import { SIGNAL_DESCRIPTION, SIGNAL_LABEL } from "@/components/insights/signal-labels";
import { SIGNAL_KINDS, type SignalKind } from "@/lib/schemas/insights";

export function SignalFilter({ selected, onChange }: { selected: readonly string[]; onChange: (signals: string[]) => void }) {
  return (
    <div className="flex flex-col gap-1 text-xs font-medium text-slate-600" role="group" aria-labelledby="signal-filter-label">
      <span id="signal-filter-label">Signals (any of)</span>
      <div className="flex flex-wrap gap-1.5">
        {SIGNAL_KINDS.map((kind: SignalKind) => {
          const isOn = selected.includes(kind);
          return (
            <button
              key={kind}
              type="button"
              aria-pressed={isOn}
              title={SIGNAL_DESCRIPTION[kind]}
              className={clsx(
                "h-8 rounded-md border px-2.5 text-sm font-normal focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
                isOn ? "border-indigo-600 bg-indigo-50 text-indigo-800" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
              onClick={() => onChange(isOn ? selected.filter((one) => one !== kind) : [...selected, kind])}
            >
              {SIGNAL_LABEL[kind]}
            </button>
          );
        })}
      </div>
    </div>
  );
}
