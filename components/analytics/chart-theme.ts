// Shared looks of the analytics charts: axis text, grid and tooltip boxes that stay readable.
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
