// Review next: a pass's progress, "12 of 87 reviewed", over a list that keeps its
// transcripts when they are reviewed and over a list of a status, which loses each one dealt with.
import { passProgress, restartPass } from "@/lib/queries/review-queue";
import { stubFetch } from "../support/render-app";

const RANGE = "startTime=2025-03-01T00%3A00%3A00.000Z&endTime=2025-03-08T00%3A00%3A00.000Z";

/** A list API whose totals are `totals[status or "all"]`, read at each call. */
function listServer(totals: Record<string, number>) {
  return stubFetch((url) => {
    const status = new URL(url, "http://x").searchParams.get("status") ?? "all";
    return { body: { transcripts: [], total: totals[status], totalPages: totals[status] } };
  });
}

beforeEach(() => window.sessionStorage.clear());

describe("passProgress", () => {
  it("counts the list's transcripts that are no longer unreviewed", async () => {
    listServer({ all: 87, unreviewed: 75 });
    await expect(passProgress(RANGE)).resolves.toEqual({ total: 87, reviewed: 12 });
  });

  it("counts, in a list of the unreviewed, those reviewed since the pass began", async () => {
    const query = `${RANGE}&status=unreviewed`;
    const totals = { unreviewed: 87 };
    listServer(totals);
    await expect(passProgress(query)).resolves.toEqual({ total: 87, reviewed: 0 });
    totals.unreviewed = 75;
    await expect(passProgress(query)).resolves.toEqual({ total: 87, reviewed: 12 });
    restartPass(query);
    await expect(passProgress(query)).resolves.toEqual({ total: 75, reviewed: 0 });
  });

  it("counts, in a list of those needing attention, those dealt with since the pass began", async () => {
    const query = `${RANGE}&status=needs_attention`;
    const totals = { needs_attention: 5 };
    listServer(totals);
    await expect(passProgress(query)).resolves.toEqual({ total: 5, reviewed: 0 });
    totals.needs_attention = 3;
    await expect(passProgress(query)).resolves.toEqual({ total: 5, reviewed: 2 });
  });

  it("reads a list of reviewed transcripts as all reviewed", async () => {
    listServer({ reviewed: 5 });
    await expect(passProgress(`${RANGE}&status=reviewed`)).resolves.toEqual({ total: 5, reviewed: 5 });
  });
});
