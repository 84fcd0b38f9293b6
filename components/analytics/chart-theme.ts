// Shared looks of the analytics charts: axis text, grid and tooltip boxes that stay readable, and
// the margins and axes every vertical chart draws alike (spread into recharts' own components).
export const AXIS_TICK = { fill: "#475569", fontSize: 12 } as const;
export const GRID_STROKE = "#e2e8f0";
export const TOOLTIP_STYLE = {
  separator: ": ",
  contentStyle: { borderRadius: 8, borderColor: "#cbd5e1", boxShadow: "0 4px 12px rgb(15 23 42 / 0.12)", fontSize: 13 },
  labelStyle: { color: "#0f172a", fontWeight: 600, marginBottom: 2 },
  itemStyle: { color: "#334155" },
} as const;
export const LINE_COLOR = "#4f46e5";
export const BAR_COLOR = "#0891b2";
export const BROWSER_BAR_COLOR = "#7c3aed";

/** The plot's margin inside its card, for charts whose categories run along the x axis. */
export const PLOT_MARGIN = { top: 8, right: 16, bottom: 4, left: 0 } as const;
/** Dashed lines across the plot at the y axis's ticks. */
export const HORIZONTAL_GRID = { stroke: GRID_STROKE, strokeDasharray: "3 3", vertical: false } as const;
/** The look of an x axis: its figures or names without tick marks, its line in the grid's colour. */
export const X_AXIS_STYLE = { tick: AXIS_TICK, tickLine: false, axisLine: { stroke: GRID_STROKE } } as const;
/** The x axis of a chart over days: the short date, skipping labels that would overlap. */
export const DAY_AXIS = { ...X_AXIS_STYLE, dataKey: "label", interval: "preserveStartEnd", minTickGap: 24 } as const;
/** The y axis of counts: whole numbers, no line. */
export const COUNT_AXIS = { tick: AXIS_TICK, tickLine: false, axisLine: false, allowDecimals: false, width: 44 } as const;
