// Analytics page: the device and OS pies in a palette of six colours, and
// the rows of the horizontal browser bars.
import type { NameValue } from "@/lib/schemas/analytics";

/** The six colours of the pies, in slice order. */
export const PIE_PALETTE = ["#4f46e5", "#0891b2", "#059669", "#d97706", "#db2777", "#7c3aed"] as const;

export const OTHER_SLICE = "Other";

export interface PieSlice extends NameValue {
  color: string;
  /** Share of the whole, 0-100, one decimal. */
  percent: number;
}

/**
 * Slices largest first, each its own colour of the palette: when there are more entries than
 * colours, the smallest are summed into one 'Other' slice so no two slices share a colour.
 */
export function preparePieSlices(entries: readonly NameValue[], palette: readonly string[] = PIE_PALETTE): PieSlice[] {
  const positive = entries.filter((entry) => entry.value > 0).sort((a, b) => b.value - a.value);
  let kept: NameValue[] = positive;
  if (positive.length > palette.length) {
    const head = positive.slice(0, palette.length - 1);
    const rest = positive.slice(palette.length - 1).reduce((sum, entry) => sum + entry.value, 0);
    kept = [...head, { name: OTHER_SLICE, value: rest }];
  }
  const total = kept.reduce((sum, entry) => sum + entry.value, 0);
  return kept.map((entry, index) => ({
    name: entry.name,
    value: entry.value,
    color: palette[index % palette.length],
    percent: total > 0 ? Math.round((entry.value / total) * 1000) / 10 : 0,
  }));
}

/** Bars largest first, without empty entries. */
export function prepareBarRows(entries: readonly NameValue[]): NameValue[] {
  return entries.filter((entry) => entry.value > 0).sort((a, b) => b.value - a.value);
}

/** Height of a horizontal bar chart: room for every row, never shorter than the other charts. */
export function barChartHeight(rowCount: number, { rowHeight = 36, minHeight = 260, padding = 40 } = {}): number {
  return Math.max(minHeight, rowCount * rowHeight + padding);
}

export function hasValues(entries: readonly NameValue[]): boolean {
  return entries.some((entry) => entry.value > 0);
}
