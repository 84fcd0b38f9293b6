import { fetchTranscript, transcriptUrl, TranscriptNotFoundError } from "@/lib/queries/transcript";
import { transcriptsUrl } from "@/lib/queries/transcripts";
import { fetchTranscriptsForExport } from "@/lib/queries/export-reads";
import { withRating } from "@/lib/queries/my-feedback";
import { stubFetch } from "../support/render-app";

const filters = { startTime: "2025-03-01T00:00:00.000Z", endTime: "2025-03-08T00:00:00.000Z", search: "", sessionId: "" };

function listItem(n: number, full = true) {
  const item = {
    id: `t${n}`,
    sessionId: `s${n % 7}`,
    timestamp: new Date(Date.UTC(2025, 2, 7) - n * 60_000).toISOString(),
    preview: `q${n}`,
  };
  return full ? { ...item, messageCount: 2, duration: "1m 0s", question: `q${n}`, answer: `a${n}` } : item;
}

/** A list API over `total` rows; `lacking` rows come without derived fields. */
function listServer(total: number, { lacking = new Set<number>(), failDetail = new Set<number>(), failPage = 0 } = {}) {
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = stubFetch((url) => {
    const parsed = new URL(url, "http://x");
    if (parsed.pathname === "/api/transcripts") {
      const page = Number(parsed.searchParams.get("page"));
      const limit = Number(parsed.searchParams.get("limit"));
      if (page === failPage) return { status: 500, body: { message: "Database unavailable" } };
      const rows = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) => (page - 1) * limit + i);
      return { body: { transcripts: rows.map((n) => listItem(n, !lacking.has(n))), total, totalPages: Math.ceil(total / limit) } };
    }
    const match = parsed.pathname.match(/^\/api\/transcript\/t(\d+)$/);
    if (match) {
      const n = Number(match[1]);
      if (failDetail.has(n)) return { status: 500, body: { message: "boom" } };
      return {
        body: {
          _id: `t${n}`,
          dialog: [
            { type: "request", timestamp: "2025-03-05T15:04:00.000Z", payload: { payload: { query: `question ${n}` } } },
            { type: "text", timestamp: "2025-03-05T15:06:30.000Z", payload: { payload: { message: `answer ${n}` } } },
          ],
        },
      };
    }
    return undefined;
  });
  const original = fetch.getMockImplementation()!;
  fetch.mockImplementation(async (...args: Parameters<typeof original>) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 1));
    try {
      return await original(...args);
    } finally {
      inFlight -= 1;
    }
  });
  return { fetch, maxInFlight: () => maxInFlight, urls: () => fetch.mock.calls.map(([url]) => String(url)) };
}

describe("transcriptsUrl", () => {
  it.each([
    [
      { ...filters, page: 1, limit: 20 },
      "/api/transcripts?startTime=2025-03-01T00%3A00%3A00.000Z&endTime=2025-03-08T00%3A00%3A00.000Z&page=1&limit=20",
    ],
    [
      { ...filters, page: 3, limit: 100, search: " order & refund ", sessionId: "web-1" },
      "/api/transcripts?startTime=2025-03-01T00%3A00%3A00.000Z&endTime=2025-03-08T00%3A00%3A00.000Z&page=3&limit=100&search=order+%26+refund&sessionId=web-1",
    ],
  ])("%p -> %p", (params, expected) => {
    expect(transcriptsUrl(params)).toBe(expected);
  });

  it("encodes the transcript id", () => {
    expect(transcriptUrl("a/b?c")).toBe("/api/transcript/a%2Fb%3Fc");
  });
});

describe("fetchTranscript", () => {
  it("turns a 404 into TranscriptNotFoundError and other failures into the server's message", async () => {
    stubFetch((url) =>
      url.endsWith("/gone")
        ? { status: 404, body: { message: "Transcript not found" } }
        : { status: 500, body: { message: "Database unavailable" } },
    );
    await expect(fetchTranscript("gone")).rejects.toBeInstanceOf(TranscriptNotFoundError);
    await expect(fetchTranscript("x")).rejects.toThrow("Database unavailable");
    stubFetch(() => ({ status: 502, body: "" }));
    await expect(fetchTranscript("x")).rejects.toThrow("Failed to fetch transcript");
  });
});

describe("fetchTranscriptsForExport (export sequence)", () => {
  it("reads every page of 100 with the filters, a few at a time, in order, without detail calls for full rows", async () => {
    const server = listServer(1_050);
    const progress: string[] = [];
    const events: string[] = [];
    const rows = await fetchTranscriptsForExport({ ...filters, search: "order", sessionId: "s1" }, 1_050, {
      onFetchStart: (n) => events.push(`fetch ${n}`),
      onEnrichStart: (n) => events.push(`enrich ${n}`),
      onProgress: (phase, done, total) => progress.push(`${phase} ${done}/${total}`),
    });
    expect(rows).toHaveLength(1_050);
    expect(rows.map((row) => row.id)).toEqual(Array.from({ length: 1_050 }, (_, n) => `t${n}`));
    const urls = server.urls();
    expect(urls).toHaveLength(11);
    expect(
      urls.every(
        (url) =>
          url.startsWith("/api/transcripts?") && url.includes("limit=100") && url.includes("search=order") && url.includes("sessionId=s1"),
      ),
    ).toBe(true);
    expect(urls.map((url) => new URL(url, "http://x").searchParams.get("page")).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 11 }, (_, i) => String(i + 1)),
    );
    expect(server.maxInFlight()).toBeGreaterThan(1);
    expect(server.maxInFlight()).toBeLessThanOrEqual(4);
    expect(events).toEqual(["fetch 1050", "enrich 1050"]);
    expect(progress[0]).toBe("fetching 0/11");
    expect(progress).toContain("fetching 11/11");
    expect(progress[progress.length - 1]).toBe("enriching 0/0");
  });

  it("asks for details only for rows lacking their fields; a failed one gives 0 / N/A / empty", async () => {
    const server = listServer(5, { lacking: new Set([1, 3]), failDetail: new Set([3]) });
    const rows = await fetchTranscriptsForExport(filters, 5);
    expect(server.urls().filter((url) => url.startsWith("/api/transcript/"))).toEqual(["/api/transcript/t1", "/api/transcript/t3"]);
    expect(rows[1]).toMatchObject({ id: "t1", messageCount: 2, duration: "2m 30s", question: "question 1", answer: "answer 1" });
    expect(rows[3]).toMatchObject({ id: "t3", messageCount: 0, duration: "N/A", question: "", answer: "" });
    expect(rows[0]).toMatchObject({ id: "t0", question: "q0", answer: "a0" });
  });

  it("fails with the server's message when a page cannot be read", async () => {
    listServer(450, { failPage: 3 });
    await expect(fetchTranscriptsForExport(filters, 450)).rejects.toThrow("Database unavailable");
  });

  it("exports 10,000 transcripts in 100 page calls and no detail calls", async () => {
    const server = listServer(10_000);
    const rows = await fetchTranscriptsForExport(filters, 10_000);
    expect(rows).toHaveLength(10_000);
    expect(server.urls()).toHaveLength(100);
  });
});

describe("withRating (a second rating of a message replaces the first)", () => {
  const rating = (messageIndex: number, feedbackType: "thumbs_up" | "thumbs_down", id = `${messageIndex}-${feedbackType}`) => ({
    id,
    transcriptId: "t1",
    messageIndex,
    feedbackType,
    comment: null,
    createdAt: "2025-03-05T15:04:00.000Z",
  });
  it.each([
    ["adds to nothing", undefined, rating(1, "thumbs_up"), [rating(1, "thumbs_up")]],
    ["adds beside other messages", [rating(0, "thumbs_up")], rating(2, "thumbs_down"), [rating(0, "thumbs_up"), rating(2, "thumbs_down")]],
    [
      "replaces the same message",
      [rating(1, "thumbs_up"), rating(3, "thumbs_up")],
      rating(1, "thumbs_down"),
      [rating(3, "thumbs_up"), rating(1, "thumbs_down")],
    ],
  ])("%s", (_name, current, next, expected) => {
    expect(withRating(current, next)).toEqual(expected);
  });
});
