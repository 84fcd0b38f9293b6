"use client";
// Analytics page: the five charts. Each receives prepared data (lib/charts) and
// only draws it; ResponsiveContainer makes them follow the card's width down to a phone.
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsResponse } from "@/lib/schemas/analytics";
import { hasCounts, prepareOverTime, preparePeakHours, type DayPoint } from "@/lib/charts/time-series";
import { barChartHeight, hasValues, prepareBarRows, preparePieSlices } from "@/lib/charts/distribution";
import { ChartCard } from "./chart-card";
import { useRouter } from "next/navigation";
import type { SliceHref } from "@/lib/insights/drill-down";
import { OTHER_SLICE } from "@/lib/charts/distribution";
import { DailyLineChart } from "./daily-charts";
import {
  AXIS_TICK,
  BAR_COLOR,
  BROWSER_BAR_COLOR,
  X_AXIS_STYLE,
  COUNT_AXIS,
  GRID_STROKE,
  HORIZONTAL_GRID,
  LINE_COLOR,
  PLOT_MARGIN,
  TOOLTIP_STYLE,
} from "./chart-theme";

const CHART_HEIGHT = 280;
const countFormatter = (value: unknown) => [Number(value).toLocaleString("en-US"), "Transcripts"] as [string, string];

function OverTimeChart({ series, href }: { series: AnalyticsResponse["transcriptsOverTime"]; href: SliceHref }) {
  const points = prepareOverTime(series);
  const dayHref = (point: DayPoint) => href({ day: point.date });
  return (
    <ChartCard
      title="Transcripts Over Time"
      description="Conversations per day"
      hasData={hasCounts(points)}
      height={CHART_HEIGHT}
      table={{ columns: ["Date", "Transcripts"], rows: points.map((p) => [p.fullLabel, p.count, dayHref(p)] as const) }}
      className="lg:col-span-2"
    >
      <DailyLineChart
        title="Transcripts Over Time"
        points={points}
        dataKey="count"
        color={LINE_COLOR}
        formatter={countFormatter}
        pointHref={dayHref}
      />
    </ChartCard>
  );
}

function PeakHoursChart({ peakHours, href }: { peakHours: AnalyticsResponse["peakHours"]; href: SliceHref }) {
  const router = useRouter();
  const points = preparePeakHours(peakHours);
  const hourHref = (hour: number) => href({ filters: { hour: String(hour) } });
  return (
    <ChartCard
      title="Peak Hours"
      description="Conversations by hour of the day"
      hasData={hasCounts(points)}
      height={CHART_HEIGHT}
      table={{ columns: ["Hour", "Transcripts"], rows: points.map((p) => [p.label, p.count, hourHref(p.hour)] as const) }}
      className="lg:col-span-2"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={PLOT_MARGIN} title="Peak Hours">
          <CartesianGrid {...HORIZONTAL_GRID} />
          <XAxis {...X_AXIS_STYLE} dataKey="hour" interval="preserveStartEnd" minTickGap={8} />
          <YAxis {...COUNT_AXIS} />
          <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: "#eef2ff" }} formatter={countFormatter} labelFormatter={(hour) => `${hour}:00`} />
          <Bar
            dataKey="count"
            fill={BAR_COLOR}
            radius={[3, 3, 0, 0]}
            className="cursor-pointer"
            onClick={(_data, index) => points[index] && router.push(hourHref(points[index].hour))}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function DistributionPie({
  title,
  entries,
  dimension,
  href,
}: {
  title: string;
  entries: AnalyticsResponse["deviceDistribution"];
  dimension: "device" | "os";
  href: SliceHref;
}) {
  const router = useRouter();
  const slices = preparePieSlices(entries);
  // The slice of the smallest values summed has no list of its own.
  const sliceHref = (name: string) => (name === OTHER_SLICE ? undefined : href({ filters: { [dimension]: name } }));
  return (
    <ChartCard
      title={title}
      hasData={hasValues(entries)}
      height={CHART_HEIGHT}
      table={{
        columns: ["Name", "Transcripts"],
        rows: slices.map((s) => {
          const link = sliceHref(s.name);
          return link ? ([s.name, s.value, link] as const) : ([s.name, s.value] as const);
        }),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <PieChart title={title}>
          <Pie
            data={slices}
            dataKey="value"
            nameKey="name"
            cx="50%"
            cy="45%"
            innerRadius="45%"
            outerRadius="75%"
            paddingAngle={1}
            isAnimationActive={false}
            className="cursor-pointer"
            onClick={(_data, index) => {
              const link = slices[index] && sliceHref(slices[index].name);
              if (link) router.push(link);
            }}
          >
            {slices.map((slice) => (
              <Cell key={slice.name} fill={slice.color} stroke="#ffffff" />
            ))}
          </Pie>
          <Tooltip
            {...TOOLTIP_STYLE}
            formatter={(value, name, item) => [
              `${Number(value).toLocaleString("en-US")} (${(item?.payload as { percent?: number } | undefined)?.percent ?? 0}%)`,
              String(name),
            ]}
          />
          <Legend
            itemSorter={null}
            verticalAlign="bottom"
            iconType="circle"
            iconSize={10}
            wrapperStyle={{ fontSize: 12, color: "#334155" }}
            // The legend's text in the page's text colour: a light slice colour would be unreadable.
            formatter={(value) => <span style={{ color: "#334155" }}>{value}</span>}
          />
        </PieChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function BrowserChart({ entries, href }: { entries: AnalyticsResponse["browserDistribution"]; href: SliceHref }) {
  const router = useRouter();
  const rows = prepareBarRows(entries);
  const browserHref = (name: string) => href({ filters: { browser: name } });
  return (
    <ChartCard
      title="Browser Distribution"
      hasData={hasValues(entries)}
      height={barChartHeight(rows.length)}
      table={{ columns: ["Browser", "Transcripts"], rows: rows.map((r) => [r.name, r.value, browserHref(r.name)] as const) }}
      className="lg:col-span-2"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 4 }} title="Browser Distribution">
          <CartesianGrid stroke={GRID_STROKE} strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" {...X_AXIS_STYLE} allowDecimals={false} />
          <YAxis type="category" dataKey="name" tick={AXIS_TICK} tickLine={false} axisLine={false} width={116} />
          <Tooltip {...TOOLTIP_STYLE} cursor={{ fill: "#f5f3ff" }} formatter={countFormatter} />
          <Bar
            dataKey="value"
            fill={BROWSER_BAR_COLOR}
            radius={[0, 3, 3, 0]}
            barSize={20}
            className="cursor-pointer"
            onClick={(_data, index) => rows[index] && router.push(browserHref(rows[index].name))}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** `href`: where each figure's conversations are listed (drill-down). */
export function AnalyticsCharts({ data, href }: { data: AnalyticsResponse; href: SliceHref }) {
  return (
    <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
      <OverTimeChart series={data.transcriptsOverTime} href={href} />
      <PeakHoursChart peakHours={data.peakHours} href={href} />
      <DistributionPie title="Device Distribution" entries={data.deviceDistribution} dimension="device" href={href} />
      <DistributionPie title="OS Distribution" entries={data.osDistribution} dimension="os" href={href} />
      <BrowserChart entries={data.browserDistribution} href={href} />
    </div>
  );
}
