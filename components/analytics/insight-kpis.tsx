// Analytics page: the headline figures of the range beside the period before, each
// coloured by whether its rise is good news, and linked to its conversations where a list exists.
import Link from "next/link";
import { ArrowDownRight, ArrowRight, ArrowUpRight, Minus } from "lucide-react";
import clsx from "clsx";
import { Card, CardContent } from "@/components/ui/card";
import type { AnalyticsInsights, InsightRates } from "@/lib/schemas/analytics";
import type { SliceFilters, SliceHref } from "@/lib/insights/drill-down";
import { figureChange, formatMessages, formatShare, type FigureChange } from "@/lib/insights/insight-format";

interface KpiProps {
  title: string;
  value: string;
  change: FigureChange;
  /** Whether a rise is good news (green), bad news (red), or neither. */
  rising: "good" | "bad" | "neutral";
  link?: { label: string; href: string };
}

function Kpi({ title, value, change, rising, link }: KpiProps) {
  const Arrow = change.direction === "up" ? ArrowUpRight : change.direction === "down" ? ArrowDownRight : Minus;
  const tone =
    change.direction === "none" || change.direction === "same" || rising === "neutral"
      ? "text-slate-600"
      : (change.direction === "up") === (rising === "good")
        ? "text-emerald-700"
        : "text-red-700";
  return (
    <Card data-testid="insight-kpi" data-kpi={title}>
      <CardContent className="flex h-full flex-col gap-1 p-4 sm:p-5">
        <p className="text-sm font-medium text-slate-600">{title}</p>
        <p className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl" data-testid="kpi-value">
          {value}
        </p>
        <p className={clsx("flex items-center gap-1 text-xs font-medium", tone)} data-testid="kpi-change">
          <Arrow className="size-3.5 shrink-0" aria-hidden />
          <span>
            {change.label}
            {change.direction === "none" ? "" : " vs previous period"}
          </span>
        </p>
        {link ? (
          <Link
            href={link.href}
            className="mt-auto inline-flex items-center gap-1 pt-1 text-xs font-medium text-indigo-700 hover:underline"
          >
            {link.label}
            <ArrowRight className="size-3" aria-hidden />
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}

interface KpiFigure {
  title: string;
  figure: keyof InsightRates;
  /** How the figure reads: a share of the conversations unless said otherwise. */
  unit?: "share" | "messages";
  rising: KpiProps["rising"];
  /** The conversations behind the figure, where there is a list of them. */
  link?: { label: string; filters: SliceFilters };
}

const KPI_FIGURES: KpiFigure[] = [
  { title: "Containment", figure: "containmentRate", rising: "good", link: { label: "View handoffs", filters: { signal: "handoff" } } },
  { title: "Fallback rate", figure: "fallbackRate", rising: "bad", link: { label: "View fallbacks", filters: { signal: "fallback" } } },
  { title: "Helpful answers", figure: "helpfulRate", rising: "good", link: { label: "View not helpful", filters: { feedback: "down" } } },
  { title: "Median length", figure: "medianMessages", unit: "messages", rising: "neutral" },
];

export function InsightKpis({ insights, href }: { insights: AnalyticsInsights; href: SliceHref }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      {KPI_FIGURES.map(({ title, figure, unit = "share", rising, link }) => (
        <Kpi
          key={title}
          title={title}
          value={unit === "share" ? formatShare(insights[figure]) : formatMessages(insights[figure])}
          change={figureChange(insights[figure], insights.previous[figure], unit)}
          rising={rising}
          link={link ? { label: link.label, href: href({ filters: link.filters }) } : undefined}
        />
      ))}
    </div>
  );
}
