import { readDashboardState, readFetchedFlag, storeDashboardState, storeFetchedFlag } from "@/components/dashboard/dashboard-storage";

beforeEach(() => window.sessionStorage.clear());

describe("the fetched flag (kept for the browser session)", () => {
  it("is unset at first and set once stored", () => {
    expect(readFetchedFlag()).toBe(false);
    storeFetchedFlag();
    expect(readFetchedFlag()).toBe(true);
    expect(window.sessionStorage.getItem("transcriptsFetched")).toBe("true");
  });
});

describe("the dashboard's stored filters", () => {
  const state = {
    start: "2025-03-01T00:00:00.000Z",
    end: "2025-03-08T00:00:00.000Z",
    page: 3,
    pageSize: 50,
    search: "refund",
    sessionId: "web-1",
    filters: { status: "needs_attention", tag: ["t1", "t2"], feedback: "down", signal: ["fallback"], hour: "9" },
  };

  it("round-trips", () => {
    storeDashboardState(state);
    expect(readDashboardState()).toEqual(state);
  });

  it("keeps a quick range as such", () => {
    storeDashboardState({ ...state, relativeRange: "90d" });
    expect(readDashboardState()).toEqual({ ...state, relativeRange: "90d" });
    storeDashboardState({ ...state, relativeRange: "9d" as "90d" });
    expect(readDashboardState()).toEqual(state);
  });

  it.each([
    ["nothing stored", null, null],
    ["not JSON", "{", null],
    ["a range that runs backwards", JSON.stringify({ ...state, start: state.end, end: state.start }), null],
    ["dates that do not parse", JSON.stringify({ ...state, start: "soon" }), null],
    ["a bad page and size fall back", JSON.stringify({ ...state, page: -2, pageSize: 33 }), { ...state, page: 1, pageSize: 20 }],
    [
      "missing filters read as empty",
      JSON.stringify({ start: state.start, end: state.end }),
      { ...state, page: 1, pageSize: 20, search: "", sessionId: "", filters: {} },
    ],
    [
      "unknown and malformed filters are dropped",
      JSON.stringify({ ...state, filters: { status: "reviewed", bogus: "x", tag: [1, "t3"] } }),
      { ...state, filters: { status: "reviewed", tag: ["t3"] } },
    ],
  ])("%s", (_name, raw, expected) => {
    if (raw !== null) window.sessionStorage.setItem("transcriptDashboard", raw);
    expect(readDashboardState()).toEqual(expected);
  });
});
