// Analytics page, cards: Total Transcripts, Peak Hour, Top Device, Daily Average.
import { Clock, MessageSquareText, Smartphone, TrendingUp } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { dailyAverage, peakHourLabel, topDeviceName } from "@/lib/charts/analytics-summary";
import type { AnalyticsResponse } from "@/lib/schemas/analytics";

function SummaryCard({
  label,
  value,
  caption,
  icon: Icon,
  tone,
}: {
  label: string;
  value: string;
  caption: string;
  icon: LucideIcon;
  tone: string;
}) {
  return (
    <Card className="p-4 sm:p-5" data-testid="summary-card" data-label={label}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xs font-medium text-slate-600 sm:text-sm">{label}</h2>
        <span className={`hidden size-9 shrink-0 items-center justify-center rounded-lg sm:flex ${tone}`}>
          <Icon className="size-4" aria-hidden />
        </span>
      </div>
      <p className="mt-1 truncate text-2xl font-bold text-slate-900 sm:text-3xl" data-testid="summary-value">
        {value}
      </p>
      <p className="mt-1 text-xs text-slate-600">{caption}</p>
    </Card>
  );
}

/** The cards in order, with the spec's label and caption of each. */
const CARDS = [
  {
    key: "total",
    label: "Total Transcripts",
    caption: "Conversations in selected period",
    icon: MessageSquareText,
    tone: "bg-indigo-100 text-indigo-700",
  },
  { key: "peakHour", label: "Peak Hour", caption: "Busiest hour of the day", icon: Clock, tone: "bg-amber-100 text-amber-700" },
  { key: "topDevice", label: "Top Device", caption: "Most used device", icon: Smartphone, tone: "bg-cyan-100 text-cyan-700" },
  {
    key: "dailyAverage",
    label: "Daily Average",
    caption: "Transcripts per day",
    icon: TrendingUp,
    tone: "bg-emerald-100 text-emerald-700",
  },
] as const;

export function SummaryCards({ data }: { data: AnalyticsResponse }) {
  const values: Record<(typeof CARDS)[number]["key"], string> = {
    total: data.total.toLocaleString("en-US"),
    peakHour: peakHourLabel(data.peakHours),
    topDevice: topDeviceName(data.deviceDistribution),
    dailyAverage: dailyAverage(data.total, data.transcriptsOverTime).toLocaleString("en-US"),
  };
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {CARDS.map(({ key, ...card }) => (
        <SummaryCard key={key} {...card} value={values[key]} />
      ))}
    </div>
  );
}
