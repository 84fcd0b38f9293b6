import { savedViewRangeLabel } from "@/lib/format/saved-view-range";

describe("savedViewRangeLabel", () => {
  it.each([
    ["range=7d&status=reviewed", "Last 7 days"],
    ["range=30d", "Last 30 days"],
    ["range=90d&startTime=2025-03-01T12:00:00Z&endTime=2025-03-08T12:00:00Z", "Last 90 days"],
    ["startTime=2025-03-01T12:00:00Z&endTime=2025-03-08T12:00:00Z&tag=a", "Mar 1, 2025 – Mar 8, 2025"],
    ["range=1y&startTime=2025-03-01T12:00:00Z&endTime=2025-03-08T12:00:00Z", "Mar 1, 2025 – Mar 8, 2025"],
    ["status=reviewed", null],
    ["startTime=soon&endTime=2025-03-08T12:00:00Z", null],
  ])("%p -> %p", (query, label) => {
    expect(savedViewRangeLabel(query)).toBe(label);
  });
});
