"use client";
// Issue 33 (Analytics page): where the bot fails and what people ask, for the chosen range in the
// viewer's time zone: the headline figures beside the period before, the signals and ratings over
// time, conversation lengths, a weekday-by-hour heatmap and the top questions. Every point, bar,
// cell and row opens the dashboard filtered to exactly its conversations (lib/insights/drill-down.ts).
import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ArrowDownRight, ArrowRight, ArrowUpRight, Minus } from "lucide-react";
import clsx from "clsx";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Skeleton } from "@/components/ui/skeleton";
import type { AnalyticsInsights, SignalDay } from "@/lib/schemas/analytics";
import type { TopQuestion } from "@/lib/schemas/insights";
import type { SliceFilters, SliceHref } from "@/lib/insights/drill-down";
import { figureChange, formatMessages, formatShare, type FigureChange } from "@/lib/insights/insight-format";
import { prepareOverTime } from "@/lib/charts/time-series";
import { useTopQuestions, type TopQuestionsSort } from "@/lib/queries/analytics";
import { ChartCard } from "./chart-card";
import { AXIS_TICK, GRID_STROKE, TOOLTIP_STYLE } from "./chart-theme";

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
        <SignalRateChart
          title="Fallback Rate"
          description="Conversations where the bot did not understand"
          series={insights.fallbackOverTime}
          signal="fallback"
          color={FALLBACK_COLOR}
          href={href}
        />
        <SignalRateChart
          title="Handoff Rate"
          description="Conversations that asked for or reached a human"
          series={insights.handoffOverTime}
          signal="handoff"
          color={HANDOFF_COLOR}
          href={href}
        />
        <RatingsChart series={insights.ratingsOverTime} href={href} />
        <LengthChart histogram={insights.lengthHistogram} href={href} />
        <Heatmap cells={insights.heatmap} href={href} />
      </div>
      <TopQuestions range={range} href={href} />
    </section>
  );
}

// ---- headline figures ------------------------------------------------------------------------

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

function InsightKpis({ insights, href }: { insights: AnalyticsInsights; href: SliceHref }) {
  const { previous } = insights;
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
      <Kpi
        title="Containment"
        value={formatShare(insights.containmentRate)}
        change={figureChange(insights.containmentRate, previous.containmentRate, "share")}
        rising="good"
        link={{ label: "View handoffs", href: href({ filters: { signal: "handoff" } }) }}
      />
      <Kpi
        title="Fallback rate"
        value={formatShare(insights.fallbackRate)}
        change={figureChange(insights.fallbackRate, previous.fallbackRate, "share")}
        rising="bad"
        link={{ label: "View fallbacks", href: href({ filters: { signal: "fallback" } }) }}
      />
      <Kpi
        title="Helpful answers"
        value={formatShare(insights.helpfulRate)}
        change={figureChange(insights.helpfulRate, previous.helpfulRate, "share")}
        rising="good"
        link={{ label: "View not helpful", href: href({ filters: { feedback: "down" } }) }}
      />
      <Kpi
        title="Median length"
        value={formatMessages(insights.medianMessages)}
        change={figureChange(insights.medianMessages, previous.medianMessages, "messages")}
        rising="neutral"
      />
    </div>
  );
}

// ---- charts ------------------------------------------------------------------------------------

/** The index of the point or bar a chart click landed on, if any. */
function clickedIndex(state: { activeTooltipIndex?: unknown } | null | undefined): number | null {
  const index = Number(state?.activeTooltipIndex);
  return Number.isInteger(index) && index >= 0 ? index : null;
}

function SignalRateChart({
  title,
  description,
  series,
  signal,
  color,
  href,
}: {
  title: string;
  description: string;
  series: SignalDay[];
  signal: "fallback" | "handoff";
  color: string;
  href: SliceHref;
}) {
  const router = useRouter();
  const labels = prepareOverTime(series.map((day) => ({ date: day.date, count: day.count })));
  const points = series.map((day, index) => ({
    ...day,
    percent: Math.round(day.rate * 1000) / 10,
    label: labels[index].label,
    fullLabel: labels[index].fullLabel,
  }));
  const open = (index: number | null) => {
    if (index !== null && points[index]) router.push(href({ day: points[index].date, filters: { signal } }));
  };
  return (
    <ChartCard
      title={title}
      description={description}
      hasData={points.some((point) => point.count > 0)}
      height={CHART_HEIGHT}
      table={{
        columns: ["Date", "Conversations"],
        rows: points.map((point) => [point.fullLabel, point.count, href({ day: point.date, filters: { signal } })] as const),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={points}
          margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
          title={title}
          onClick={(state) => open(clickedIndex(state))}
          className="cursor-pointer"
        >
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="label"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={{ stroke: GRID_STROKE }}
            interval="preserveStartEnd"
            minTickGap={24}
          />
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} width={44} unit="%" allowDecimals={false} />
          <Tooltip
            {...TOOLTIP_STYLE}
            formatter={(_value, _name, item) => {
              const point = item?.payload as (typeof points)[number] | undefined;
              return [`${formatShare(point?.rate ?? 0)} (${(point?.count ?? 0).toLocaleString("en-US")} conversations)`, title];
            }}
            labelFormatter={(label, payload) => (payload?.[0]?.payload as { fullLabel?: string } | undefined)?.fullLabel ?? String(label)}
          />
          <Line
            type="monotone"
            dataKey="percent"
            stroke={color}
            strokeWidth={2}
            dot={points.length <= 31 ? { r: 2.5 } : false}
            activeDot={{ r: 5 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function RatingsChart({ series, href }: { series: AnalyticsInsights["ratingsOverTime"]; href: SliceHref }) {
  const router = useRouter();
  const labels = prepareOverTime(series.map((day) => ({ date: day.date, count: day.helpful + day.notHelpful })));
  const points = series.map((day, index) => ({ ...day, label: labels[index].label, fullLabel: labels[index].fullLabel }));
  const open = (index: number, feedback: "up" | "down") => {
    if (points[index]) router.push(href({ day: points[index].date, filters: { feedback } }));
  };
  return (
    <ChartCard
      title="Helpful vs Not Helpful"
      description="Rated conversations per day"
      hasData={points.some((point) => point.helpful + point.notHelpful > 0)}
      height={CHART_HEIGHT}
      table={{
        columns: ["Date and rating", "Conversations"],
        rows: points.flatMap((point) => [
          [`${point.fullLabel}, helpful`, point.helpful, href({ day: point.date, filters: { feedback: "up" } })] as const,
          [`${point.fullLabel}, not helpful`, point.notHelpful, href({ day: point.date, filters: { feedback: "down" } })] as const,
        ]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} title="Helpful vs Not Helpful">
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="label"
            tick={AXIS_TICK}
            tickLine={false}
            axisLine={{ stroke: GRID_STROKE }}
            interval="preserveStartEnd"
            minTickGap={24}
          />
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} allowDecimals={false} width={44} />
          <Tooltip
            {...TOOLTIP_STYLE}
            cursor={{ fill: "#f1f5f9" }}
            labelFormatter={(label, payload) => (payload?.[0]?.payload as { fullLabel?: string } | undefined)?.fullLabel ?? String(label)}
          />
          <Legend iconType="circle" iconSize={10} wrapperStyle={{ fontSize: 12, color: "#334155" }} />
          <Bar
            dataKey="helpful"
            name="Helpful"
            stackId="ratings"
            fill={HELPFUL_COLOR}
            className="cursor-pointer"
            onClick={(_data, index) => open(index, "up")}
            isAnimationActive={false}
          />
          <Bar
            dataKey="notHelpful"
            name="Not helpful"
            stackId="ratings"
            fill={NOT_HELPFUL_COLOR}
            radius={[3, 3, 0, 0]}
            className="cursor-pointer"
            onClick={(_data, index) => open(index, "down")}
            isAnimationActive={false}
          />
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
        <BarChart data={histogram} margin={{ top: 8, right: 16, bottom: 4, left: 0 }} title="Conversation Length">
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="bucket" tick={AXIS_TICK} tickLine={false} axisLine={{ stroke: GRID_STROKE }} interval={0} />
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} allowDecimals={false} width={44} />
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
    <Card className="min-w-0 lg:col-span-2" data-testid="chart-card" data-chart="Busiest Times">
      <CardHeader className="p-4 pb-2 sm:p-6 sm:pb-3">
        <CardTitle className="text-base sm:text-lg">Busiest Times</CardTitle>
        <CardDescription>Conversations by day of the week and hour of the day</CardDescription>
      </CardHeader>
      <CardContent className="relative overflow-x-auto p-2 pt-0 sm:p-6 sm:pt-0">
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
                    const strength = count === 0 ? 0 : 0.12 + 0.88 * (count / largest);
                    return (
                      <td key={hour} className="p-0">
                        <Link
                          href={href({ filters: { weekday: String(weekday), hour: String(hour) } })}
                          aria-label={`${day} ${hour}:00: ${count.toLocaleString("en-US")} conversations`}
                          title={`${day} ${hour}:00–${hour + 1}:00: ${count.toLocaleString("en-US")} conversations`}
                          className="block h-6 rounded-sm ring-indigo-500 hover:ring-2 focus-visible:outline-none focus-visible:ring-2"
                          style={{ backgroundColor: count === 0 ? "#f1f5f9" : `rgba(79, 70, 229, ${strength.toFixed(3)})` }}
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
      </CardContent>
    </Card>
  );
}

// ---- top questions ---------------------------------------------------------------------------

type QuestionColumn = "count" | "fallbackRate" | "handoffRate" | "thumbsDown";

const QUESTION_COLUMNS: { key: QuestionColumn; label: string }[] = [
  { key: "count", label: "Conversations" },
  { key: "fallbackRate", label: "Fallback rate" },
  { key: "handoffRate", label: "Handoff rate" },
  { key: "thumbsDown", label: "Thumbs-down" },
];

function TopQuestions({ range, href }: { range: { start: Date; end: Date }; href: SliceHref }) {
  const [ranking, setRanking] = useState<TopQuestionsSort>("count");
  const [column, setColumn] = useState<QuestionColumn | null>(null);
  const questions = useTopQuestions(range, ranking);
  const rows: TopQuestion[] = [...(questions.data ?? [])];
  if (column) rows.sort((a, b) => b[column] - a[column] || b.count - a.count);
  return (
    <Card className="min-w-0" data-testid="top-questions">
      <CardHeader className="flex flex-col gap-3 p-4 pb-2 sm:flex-row sm:items-start sm:justify-between sm:p-6 sm:pb-3">
        <div>
          <CardTitle className="text-base sm:text-lg">Top Questions</CardTitle>
          <CardDescription>First questions, grouped by their wording without numbers and ids</CardDescription>
        </div>
        <SegmentedControl
          label="Rank questions"
          options={[
            { value: "count", label: "Most asked" },
            { value: "unanswered", label: "Top unanswered" },
          ]}
          value={ranking}
          onChange={(value) => {
            setRanking(value);
            setColumn(null);
          }}
        />
      </CardHeader>
      <CardContent className="relative overflow-x-auto p-2 pt-0 sm:p-6 sm:pt-0">
        {questions.isError ? (
          <p className="text-sm text-red-600">Failed to load the top questions</p>
        ) : !questions.data ? (
          <Skeleton className="h-40 rounded-lg" />
        ) : rows.length === 0 ? (
          <p className="py-8 text-center text-sm text-slate-500">No questions in this range</p>
        ) : (
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="px-3 py-2 font-semibold">
                  Question
                </th>
                {QUESTION_COLUMNS.map(({ key, label }) => (
                  <th
                    key={key}
                    scope="col"
                    className="px-3 py-2 text-right font-semibold"
                    aria-sort={column === key ? "descending" : "none"}
                  >
                    <button
                      type="button"
                      className="uppercase tracking-wide hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500"
                      onClick={() => setColumn(key)}
                    >
                      {label}
                      {column === key ? " ↓" : ""}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((question) => (
                <tr key={question.group} className="border-b border-slate-100 last:border-0" data-testid="top-question">
                  <td className="max-w-md px-3 py-2.5">
                    <Link
                      href={href({ filters: { questionGroup: question.group } })}
                      className="font-medium text-indigo-700 hover:underline"
                    >
                      {question.example}
                    </Link>
                    <p className="truncate font-mono text-xs text-slate-500">{question.group}</p>
                  </td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{question.count.toLocaleString("en-US")}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{formatShare(question.fallbackRate)}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{formatShare(question.handoffRate)}</td>
                  <td className="px-3 py-2.5 text-right tabular-nums">{question.thumbsDown.toLocaleString("en-US")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
