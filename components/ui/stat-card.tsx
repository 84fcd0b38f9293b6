import type { LucideIcon } from "lucide-react";
import clsx from "clsx";
import { Card } from "./card";

/** A small card with a label, a big number (a dash until known) and an optional tinted icon. */
export function StatCard({
  label,
  value,
  icon: Icon,
  tone,
  className,
}: {
  label: string;
  value: number | undefined;
  icon?: LucideIcon;
  /** Tailwind classes of the icon's tile, e.g. "bg-amber-100 text-amber-700". */
  tone?: string;
  className?: string;
}) {
  return (
    <Card className={clsx("flex items-center gap-3 p-3 sm:p-4", className)}>
      {Icon ? (
        <span className={clsx("hidden size-10 shrink-0 items-center justify-center rounded-lg sm:flex", tone)}>
          <Icon className="size-5" aria-hidden />
        </span>
      ) : null}
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-600 sm:text-sm">{label}</p>
        <p className="text-xl font-bold text-slate-900 sm:text-2xl" data-testid={`count-${label}`}>
          {value === undefined ? "–" : value.toLocaleString("en-US")}
        </p>
      </div>
    </Card>
  );
}
