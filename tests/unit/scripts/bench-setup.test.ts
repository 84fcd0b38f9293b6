/** @jest-environment node */
// The machine line of the benchmark reports: what touching fresh memory costs there.
import { machineLines, pageTouchMicroseconds } from "@/scripts/lib/bench-setup";

describe("pageTouchMicroseconds", () => {
  it("times the first write of each page of a new buffer, which faults the pages in", () => {
    const probe = pageTouchMicroseconds();
    expect(probe.perPage).toBeGreaterThan(0);
    expect(probe.faults).toBeGreaterThan(0);
  });

  it("is reported beside the machine", () => {
    const lines = machineLines(new Date("2026-11-26T00:00:00Z"), { start: [1, 1, 1], end: [2, 2, 2] }, ["SQLite 3"]);
    expect(lines[2]).toMatch(/^- Fresh memory: \d+\.\d\d µs to touch each 4 KiB page of a new 64 MiB buffer \(\d+ page faults\)$/);
  });
});
