import { dashboardQuery, parseDashboardQuery, type DashboardView } from "@/lib/queries/dashboard-url";
import { transcriptsUrl } from "@/lib/queries/transcripts";

const fallback: DashboardView = {
  start: "2025-01-01T00:00:00.000Z",
  end: "2025-01-08T00:00:00.000Z",
  relativeRange: null,
  page: 4,
  pageSize: 50,
  search: "stored",
  sessionId: "",
  filters: {},
};

describe("the dashboard's view in the address", () => {
  const view: DashboardView = {
    start: "2025-03-01T00:00:00.000Z",
    end: "2025-03-08T00:00:00.000Z",
    relativeRange: null,
    page: 3,
    pageSize: 100,
    search: "refund",
    sessionId: "web-1",
    filters: { status: "needs_attention", tag: ["t1", "t2"], assignee: "me", feedback: "down", hasNotes: "true" },
  };

  it("round-trips every field", () => {
    expect(parseDashboardQuery(`?${dashboardQuery(view)}`, fallback)).toEqual(view);
  });

  it("keeps the insights filters, the repeated signal in order", () => {
    const query =
      "startTime=2025-03-01T00:00:00.000Z&endTime=2025-03-08T00:00:00.000Z&signal=fallback&signal=handoff&questionGroup=g1&device=mobile&os=iOS&browser=Safari&hour=9&tz=Europe%2FBerlin";
    const parsed = parseDashboardQuery(query, fallback);
    expect(parsed?.filters).toEqual({
      signal: ["fallback", "handoff"],
      questionGroup: "g1",
      device: "mobile",
      os: "iOS",
      browser: "Safari",
      hour: "9",
      tz: "Europe/Berlin",
    });
    expect(parseDashboardQuery(`?${dashboardQuery(parsed as DashboardView)}`, fallback)).toEqual(parsed);
  });

  it("is null for an address without a view, so the stored view applies", () => {
    expect(parseDashboardQuery("", fallback)).toBeNull();
    expect(parseDashboardQuery("?utm=x", fallback)).toBeNull();
  });

  it("takes bad dates and page size from the fallback, a bad page as 1", () => {
    expect(parseDashboardQuery("?startTime=soon&endTime=later&page=-1&limit=33&status=reviewed", fallback)).toEqual({
      ...fallback,
      page: 1,
      pageSize: 20,
      search: "",
      filters: { status: "reviewed" },
    });
  });

  it("keeps a quick range as itself, read as the last N days up to when it is opened", () => {
    const query = dashboardQuery({ ...view, relativeRange: "30d" }, { withPage: false });
    expect(query).toBe(
      "range=30d&search=refund&sessionId=web-1&status=needs_attention&assignee=me&feedback=down&hasNotes=true&tag=t1&tag=t2",
    );
    const opened = parseDashboardQuery(query, fallback, new Date("2025-06-30T12:00:00.000Z"));
    expect(opened).toMatchObject({ relativeRange: "30d", start: "2025-05-31T12:00:00.000Z", end: "2025-06-30T12:00:00.000Z" });
    const dayLater = parseDashboardQuery(query, fallback, new Date("2025-07-01T12:00:00.000Z"));
    expect(dayLater).toMatchObject({ relativeRange: "30d", start: "2025-06-01T12:00:00.000Z", end: "2025-07-01T12:00:00.000Z" });
  });

  it("prefers a known range to dates, and takes an unknown one as none", () => {
    const now = new Date("2025-06-30T12:00:00.000Z");
    expect(
      parseDashboardQuery("?range=7d&startTime=2025-03-01T00:00:00.000Z&endTime=2025-03-08T00:00:00.000Z", fallback, now),
    ).toMatchObject({
      relativeRange: "7d",
      start: "2025-06-23T12:00:00.000Z",
    });
    expect(
      parseDashboardQuery("?range=1y&startTime=2025-03-01T00:00:00.000Z&endTime=2025-03-08T00:00:00.000Z", fallback, now),
    ).toMatchObject({
      relativeRange: null,
      start: "2025-03-01T00:00:00.000Z",
    });
  });

  it("sends the same filters to the list call, one tag parameter per tag", () => {
    const url = new URL(
      transcriptsUrl({ startTime: view.start, endTime: view.end, page: 1, limit: 20, search: "", sessionId: "", ...view.filters }),
      "http://x",
    );
    expect(url.searchParams.getAll("tag")).toEqual(["t1", "t2"]);
    expect(url.searchParams.get("status")).toBe("needs_attention");
    expect(url.searchParams.get("assignee")).toBe("me");
    expect(url.searchParams.get("feedback")).toBe("down");
    expect(url.searchParams.get("hasNotes")).toBe("true");
  });
});
