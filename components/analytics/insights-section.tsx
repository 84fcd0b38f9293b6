"use client";
// Analytics page: where the bot fails and what people ask, for the chosen range in the
// viewer's time zone: the headline figures beside the period before, the signals and ratings over
// time, conversation lengths, a weekday-by-hour heatmap and the top questions. Every point, bar,
// cell and row opens the dashboard filtered to exactly its conversations (lib/insights/drill-down.ts).
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsInsights, SignalDay } from "@/lib/schemas/analytics";
import type { SliceFilters, SliceHref } from "@/lib/insights/drill-down";
import { formatShare } from "@/lib/insights/insight-format";
import { ChartCard } from "./chart-card";
import { COUNT_AXIS, DAY_AXIS, HORIZONTAL_GRID, PLOT_MARGIN, TOOLTIP_STYLE, X_AXIS_STYLE } from "./chart-theme";
import { withDayLabels } from "@/lib/charts/time-series";
import { DailyLineChart, fullDayLabel } from "./daily-charts";
import { InsightKpis } from "./insight-kpis";
import { TableCard } from "./table-card";
import { TopQuestions } from "./top-questions";

const CHART_HEIGHT = 240;
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const FALLBACK_COLOR = "#dc2626";
const HANDOFF_COLOR = "#4f46e5";
const HELPFUL_COLOR = "#059669";
const NOT_HELPFUL_COLOR = "#e11d48";
const LENGTH_COLOR = "#0891b2";

export function InsightsSection({
  insights,
  range,
  href,
}: {
  insights: AnalyticsInsights;
  range: { start: Date; end: Date };
  href: SliceHref;
}) {
  return (
    // Clipped at the page's width: its wide tables scroll inside their cards.
    <section aria-labelledby="insights-title" className="min-w-0 space-y-4 overflow-x-clip sm:space-y-6" data-testid="insights">
      <div>
        <h2 id="insights-title" className="text-xl font-semibold text-slate-900">
          Insights
        </h2>
        <p className="text-sm text-slate-600">Where the bot fails and what people ask. Select any figure to read its conversations.</p>
      </div>
      <InsightKpis insights={insights} href={href} />
      <div className="grid grid-cols-1 gap-4 sm:gap-6 lg:grid-cols-2">
        <SignalRateChart signal="fallback" series={insights.fallbackOverTime} href={href} />
        <SignalRateChart signal="handoff" series={insights.handoffOverTime} href={href} />
        <RatingsChart series={insights.ratingsOverTime} href={href} />
        <LengthChart histogram={insights.lengthHistogram} href={href} />
        <Heatmap cells={insights.heatmap} href={href} />
      </div>
      <TopQuestions range={range} href={href} />
    </section>
  );
}

type Signal = "fallback" | "handoff";

/** The title and description of each signal's rate chart, and the colour of its line. */
const SIGNAL_CHARTS: Record<Signal, { title: string; description: string; color: string }> = {
  fallback: { title: "Fallback Rate", description: "Conversations where the bot did not understand", color: FALLBACK_COLOR },
  handoff: { title: "Handoff Rate", description: "Conversations that asked for or reached a human", color: HANDOFF_COLOR },
};

function SignalRateChart({ signal, series, href }: { signal: Signal; series: SignalDay[]; href: SliceHref }) {
  const { title, description, color } = SIGNAL_CHARTS[signal];
  const points = withDayLabels(series).map((day) => ({ ...day, percent: Math.round(day.rate * 1000) / 10 }));
  const dayHref = (point: (typeof points)[number]) => href({ day: point.date, filters: { signal } });
  return (
    <ChartCard
      title={title}
      description={description}
      hasData={points.some((point) => point.count > 0)}
      height={CHART_HEIGHT}
      table={{
        columns: ["Date", "Conversations"],
        rows: points.map((point) => [point.fullLabel, point.count, dayHref(point)] as const),
      }}
    >
      <DailyLineChart
        title={title}
        points={points}
        dataKey="percent"
        color={color}
        unit="%"
        formatter={(_value, _name, item) => {
          const point = item?.payload as (typeof points)[number] | undefined;
          return [`${formatShare(point?.rate ?? 0)} (${(point?.count ?? 0).toLocaleString("en-US")} conversations)`, title];
        }}
        pointHref={dayHref}
      />
    </ChartCard>
  );
}

/** The two stacked ratings, bottom first: the top one has the rounded corners. */
const RATINGS: {
  key: "helpful" | "notHelpful";
  legend: string;
  rowLabel: string;
  feedback: "up" | "down";
  color: string;
  radius?: [number, number, number, number];
}[] = [
  { key: "helpful", legend: "Helpful", rowLabel: "helpful", feedback: "up", color: HELPFUL_COLOR },
  { key: "notHelpful", legend: "Not helpful", rowLabel: "not helpful", feedback: "down", color: NOT_HELPFUL_COLOR, radius: [3, 3, 0, 0] },
];

function RatingsChart({ series, href }: { series: AnalyticsInsights["ratingsOverTime"]; href: SliceHref }) {
  const router = useRouter();
  const points = withDayLabels(series);
  return (
    <ChartCard
      title="Helpful vs Not Helpful"
      description="Rated conversations per day"
      hasData={points.some((point) => point.helpful + point.notHelpful > 0)}
      height={CHART_HEIGHT}
      table={{
        columns: ["Date and rating", "Conversations"],
        rows: points.flatMap((point) =>
          RATINGS.map(
            ({ key, rowLabel, feedback }) =>
              [`${point.fullLabel}, ${rowLabel}`, point[key], href({ day: point.date, filters: { feedback } })] as const,
          ),
        ),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={PLOT_MARGIN} title="Helpful vs Not Helpful">
          <CartesianGrid {...HORIZONTAL_GRID} />
          <XAxis {...DAY_AXIS} />
          <YAxis {...COUNT_AXIS} />
          <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: "#f1f5f9" }} labelFormatter={fullDayLabel} />
          <Legend iconType="circle" iconSize={10} wrapperStyle={{ fontSize: 12, color: "#334155" }} />
          {RATINGS.map(({ key, legend, feedback, color, radius }) => (
            <Bar
              key={key}
              dataKey={key}
              name={legend}
              stackId="ratings"
              fill={color}
              radius={radius}
              className="cursor-pointer"
              onClick={(_data, index) => points[index] && router.push(href({ day: points[index].date, filters: { feedback } }))}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function LengthChart({ histogram, href }: { histogram: AnalyticsInsights["lengthHistogram"]; href: SliceHref }) {
  const router = useRouter();
  const filtersOf = (bucket: (typeof histogram)[number]): SliceFilters => ({
    minMessages: String(bucket.min),
    ...(bucket.max === null ? {} : { maxMessages: String(bucket.max) }),
  });
  return (
    <ChartCard
      title="Conversation Length"
      description="Conversations by number of messages"
      hasData={histogram.some((bucket) => bucket.count > 0)}
      height={CHART_HEIGHT}
      table={{
        columns: ["Messages", "Conversations"],
        rows: histogram.map((bucket) => [bucket.bucket, bucket.count, href({ filters: filtersOf(bucket) })] as const),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={histogram} margin={PLOT_MARGIN} title="Conversation Length">
          <CartesianGrid {...HORIZONTAL_GRID} />
          <XAxis {...X_AXIS_STYLE} dataKey="bucket" interval={0} />
          <YAxis {...COUNT_AXIS} />
          <Tooltip
            {...TOOLTIP_STYLE}
            cursor={{ fill: "#ecfeff" }}
            formatter={(value) => [Number(value).toLocaleString("en-US"), "Conversations"]}
            labelFormatter={(label) => `${label} messages`}
          />
          <Bar
            dataKey="count"
            fill={LENGTH_COLOR}
            radius={[3, 3, 0, 0]}
            className="cursor-pointer"
            onClick={(_data, index) => histogram[index] && router.push(href({ filters: filtersOf(histogram[index]) }))}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** Conversations per local weekday and hour: a table of links, shaded by count. */
function Heatmap({ cells, href }: { cells: AnalyticsInsights["heatmap"]; href: SliceHref }) {
  const largest = Math.max(0, ...cells.map((cell) => cell.count));
  const countOf = (weekday: number, hour: number) => cells.find((cell) => cell.weekday === weekday && cell.hour === hour)?.count ?? 0;
  return (
    <TableCard
      title="Busiest Times"
      description="Conversations by day of the week and hour of the day"
      className="lg:col-span-2"
      data-testid="chart-card"
      data-chart="Busiest Times"
    >
      {largest === 0 ? (
        <div className="flex h-40 items-center justify-center rounded-lg border border-dashed border-slate-200 text-sm text-slate-500">
          No data available
        </div>
      ) : (
        <table className="w-full min-w-[40rem] border-separate border-spacing-0.5 text-xs" data-testid="heatmap">
          <caption className="sr-only">Conversations by day of the week and hour of the day</caption>
          <thead>
            <tr>
              <th scope="col" className="sr-only">
                Day
              </th>
              {Array.from({ length: 24 }, (_, hour) => (
                <th key={hour} scope="col" className="px-0.5 text-center font-normal text-slate-500">
                  {/* Every third hour shown; the others there for screen readers only. */}
                  <span className={hour % 3 === 0 ? undefined : "opacity-0"}>{hour}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((day, weekday) => (
              <tr key={day}>
                <th scope="row" className="pr-2 text-left font-medium text-slate-600">
                  {day.slice(0, 3)}
                </th>
                {Array.from({ length: 24 }, (_, hour) => {
                  const count = countOf(weekday, hour);
                  return (
                    <td key={hour} className="p-0">
                      <Link
                        href={href({ filters: { weekday: String(weekday), hour: String(hour) } })}
                        aria-label={`${day} ${hour}:00: ${count.toLocaleString("en-US")} conversations`}
                        title={`${day} ${hour}:00–${hour + 1}:00: ${count.toLocaleString("en-US")} conversations`}
                        className="block h-6 rounded-sm ring-indigo-500 hover:ring-2 focus-visible:outline-none focus-visible:ring-2"
                        style={{ backgroundColor: heatmapShade(count, largest) }}
                        data-testid="heatmap-cell"
                        data-count={count}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {largest > 0 ? <HeatmapLegend largest={largest} /> : null}
    </TableCard>
  );
}

/** A cell's colour: pale grey for none, then indigo from faint (one conversation) to full (the busiest cell). */
function heatmapShade(count: number, largest: number): string {
  return count === 0 ? "#f1f5f9" : `rgba(79, 70, 229, ${(0.12 + 0.88 * (count / largest)).toFixed(3)})`;
}

/** What the heatmap's colours stand for: none, one, and the busiest cell's count. */
function HeatmapLegend({ largest }: { largest: number }) {
  const steps = [1, Math.ceil(largest / 4), Math.ceil(largest / 2), Math.ceil((3 * largest) / 4), largest];
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="heatmap-legend">
      <span>Conversations per hour:</span>
      <span className="inline-flex items-center gap-1">
        <span
          className="size-3 rounded-sm ring-1 ring-inset ring-slate-200"
          style={{ backgroundColor: heatmapShade(0, largest) }}
          aria-hidden
        />
        none
      </span>
      <span className="inline-flex items-center gap-1">
        1
        <span className="flex" aria-hidden>
          {steps.map((count, index) => (
            <span
              key={index}
              className="h-3 w-5 first:rounded-l-sm last:rounded-r-sm"
              style={{ backgroundColor: heatmapShade(count, largest) }}
            />
          ))}
        </span>
        {largest.toLocaleString("en-US")}
      </span>
    </div>
  );
}
