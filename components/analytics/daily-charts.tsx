"use client";
// Charts over the days of the chosen range, as Transcripts Over Time and the insights draw them:
// short dates along the axis, the full date in the tooltip, and a click on a day opening its
// conversations (drill-down).
import type { ComponentProps } from "react";
import { useRouter } from "next/navigation";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DayLabels } from "@/lib/charts/time-series";
import { COUNT_AXIS, DAY_AXIS, HORIZONTAL_GRID, PLOT_MARGIN, TOOLTIP_STYLE } from "./chart-theme";

/** The tooltip's title: the full date of the day under the pointer. */
export function fullDayLabel(label: unknown, payload: readonly { payload?: unknown }[] | undefined): string {
  return (payload?.[0]?.payload as { fullLabel?: string } | undefined)?.fullLabel ?? String(label);
}

/** The index of the point or bar a chart click landed on, if any. */
export function clickedIndex(state: { activeTooltipIndex?: unknown } | null | undefined): number | null {
  const index = Number(state?.activeTooltipIndex);
  return Number.isInteger(index) && index >= 0 ? index : null;
}

export function DailyLineChart<P extends DayLabels>({
  title,
  points,
  dataKey,
  color,
  unit,
  formatter,
  pointHref,
}: {
  title: string;
  points: P[];
  dataKey: keyof P & string;
  color: string;
  /** Written after the y axis's figures, e.g. '%'. */
  unit?: string;
  formatter: ComponentProps<typeof Tooltip>["formatter"];
  /** Where a day's conversations are listed; the same link stands in the chart card's table. */
  pointHref: (point: P) => string;
}) {
  const router = useRouter();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        data={points}
        margin={PLOT_MARGIN}
        title={title}
        className="cursor-pointer"
        onClick={(state) => {
          const index = clickedIndex(state);
          if (index !== null && points[index]) router.push(pointHref(points[index]));
        }}
      >
        <CartesianGrid {...HORIZONTAL_GRID} />
        <XAxis {...DAY_AXIS} />
        <YAxis {...COUNT_AXIS} unit={unit} />
        <Tooltip {...TOOLTIP_STYLE} formatter={formatter} labelFormatter={fullDayLabel} />
        <Line
          type="monotone"
          dataKey={dataKey}
          stroke={color}
          strokeWidth={2}
          dot={points.length <= 31 ? { r: 2.5 } : false}
          activeDot={{ r: 5 }}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
