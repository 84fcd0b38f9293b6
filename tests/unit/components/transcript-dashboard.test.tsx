import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { TranscriptDashboard } from "@/components/dashboard/transcript-dashboard";
import { clearToasts, toast } from "@/components/ui/toast-store";
import { downloadTextFile } from "@/lib/export/download";
import { fakeResponse, renderWithProviders, signInLocally } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({
  useRouter: () => mockRouter,
  usePathname: () => "/dashboard",
  useSearchParams: () => new URLSearchParams(window.location.search),
}));
jest.mock("@/lib/export/download", () => ({ downloadTextFile: jest.fn() }));
jest.mock("@/components/ui/toast-store", () => {
  const actual = jest.requireActual("@/components/ui/toast-store");
  return { ...actual, toast: jest.fn((input) => actual.toast(input)) };
});

function row(n: number, extra: Record<string, unknown> = {}) {
  return {
    id: `transcript-${String(n).padStart(4, "0")}-abcdef`,
    sessionId: `session-${n % 3}`,
    timestamp: new Date(2025, 2, 5, 15, 4).toISOString(),
    preview: `Question ${n}`,
    device: n % 2 ? "mobile" : "desktop",
    messageCount: 4,
    duration: "3m 12s",
    question: `Question ${n}`,
    answer: `Answer ${n}`,
    ...extra,
  };
}

interface Server {
  total: number;
  fail?: { status: number; body?: unknown };
  hold?: boolean;
}

/** A transcripts API over `total` rows; records every list URL asked for. */
function serve(server: Server) {
  const urls: URL[] = [];
  const waiting: (() => void)[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://portal.test");
    if (url.pathname !== "/api/transcripts") return fakeResponse({ status: 404, body: { message: "Not found" } });
    urls.push(url);
    if (server.hold) await new Promise<void>((resolve) => waiting.push(resolve));
    if (server.fail) return fakeResponse(server.fail);
    const page = Number(url.searchParams.get("page"));
    const limit = Number(url.searchParams.get("limit"));
    const search = url.searchParams.get("search");
    const total = search ? Math.min(server.total, 3) : server.total;
    const count = Math.max(0, Math.min(limit, total - (page - 1) * limit));
    const rows = Array.from({ length: count }, (_, i) => row((page - 1) * limit + i + 1));
    return fakeResponse({ body: { transcripts: rows, total, totalPages: Math.ceil(total / limit) } });
  });
  (globalThis as { fetch: unknown }).fetch = fetch;
  return {
    urls,
    last: () => urls[urls.length - 1],
    release: () => {
      server.hold = false;
      waiting.splice(0).forEach((resolve) => resolve());
    },
  };
}

const fetchButton = () => screen.getByRole("button", { name: /Fetch Transcripts|Fetching\.\.\./ });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ email: "rita@example.com" });
});

describe("TranscriptDashboard", () => {
  it("shows the title, the date range and the empty card, and asks for nothing before Fetch", async () => {
    const server = serve({ total: 5 });
    renderWithProviders(<TranscriptDashboard />);
    expect(screen.getByRole("heading", { name: "Transcript Analytics" })).toBeInTheDocument();
    expect(screen.getByText("View and export your AI agent conversation transcripts")).toBeInTheDocument();
    for (const label of ["Last 7 days", "Last 30 days", "Last 90 days", "Fetch Transcripts"])
      expect(screen.getByRole("button", { name: label })).toBeInTheDocument();
    expect(screen.getByText("Start Date")).toBeInTheDocument();
    expect(screen.getByText("End Date")).toBeInTheDocument();
    expect(screen.getByText("No transcripts found")).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your date range or fetch transcripts to see data")).toBeInTheDocument();
    expect(screen.queryByText("Total Transcripts")).not.toBeInTheDocument();
    expect(screen.queryByPlaceholderText("Search in transcripts...")).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.urls).toHaveLength(0);
  });

  it("fetches on Fetch: Fetching... and the skeleton, then the cards, filters and the list", async () => {
    const server = serve({ total: 5, hold: true });
    renderWithProviders(<TranscriptDashboard />);
    fireEvent.click(fetchButton());
    expect(await screen.findByText("Loading transcripts...")).toBeInTheDocument();
    expect(fetchButton()).toHaveTextContent("Fetching...");
    expect(fetchButton()).toBeDisabled();
    expect(window.sessionStorage.getItem("transcriptsFetched")).toBe("true");

    const url = server.last();
    expect(url.searchParams.get("page")).toBe("1");
    expect(url.searchParams.get("limit")).toBe("20");
    const start = Date.parse(url.searchParams.get("startTime")!);
    const end = Date.parse(url.searchParams.get("endTime")!);
    expect(Math.round((end - start) / 86_400_000)).toBe(7);
    expect(Math.abs(end - Date.now())).toBeLessThan(60_000);

    act(() => server.release());
    expect(await screen.findByRole("heading", { name: "Transcripts (5)" })).toBeInTheDocument();
    expect(fetchButton()).toHaveTextContent("Fetch Transcripts");
    expect(screen.getByTestId("summary-total")).toHaveTextContent("5");
    expect(screen.getByTestId("summary-sessions")).toHaveTextContent("3");
    expect(screen.getByTestId("summary-device")).toHaveTextContent("mobile");
    expect(screen.getByTestId("summary-range")).toHaveTextContent("7 days");
    expect(screen.getByPlaceholderText("Search in transcripts...")).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Filter by Session ID...")).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Transcript ID",
      "Session ID",
      "Timestamp",
      "Duration",
      "Messages",
      "Preview",
    ]);
    const first = within(screen.getAllByTestId("transcript-row")[0])
      .getAllByRole("cell")
      .map((cell) => cell.textContent);
    expect(first).toEqual(["transcri...", "session-...", "Mar 5, 2025, 3:04 PM", "3m 12s", "4 turns", "Question 1"]);
    // One page only: no pagination.
    expect(screen.queryByRole("navigation", { name: "Pagination" })).not.toBeInTheDocument();
  });

  it("fetches at once when the fetched flag is in sessionStorage", async () => {
    window.sessionStorage.setItem("transcriptsFetched", "true");
    serve({ total: 2 });
    renderWithProviders(<TranscriptDashboard />);
    expect(await screen.findByRole("heading", { name: "Transcripts (2)" })).toBeInTheDocument();
  });

  it("shows the error card with the server's message", async () => {
    serve({ total: 0, fail: { status: 500, body: { message: "Database unavailable" } } });
    renderWithProviders(<TranscriptDashboard />);
    fireEvent.click(fetchButton());
    expect(await screen.findByText("Failed to load transcripts")).toBeInTheDocument();
    expect(screen.getByText("Database unavailable")).toBeInTheDocument();
  });

  it("falls back to 'Failed to fetch transcripts' when the server says nothing", async () => {
    serve({ total: 0, fail: { status: 502 } });
    renderWithProviders(<TranscriptDashboard />);
    fireEvent.click(fetchButton());
    expect(await screen.findByText("Failed to load transcripts")).toBeInTheDocument();
    expect(screen.getByText("Failed to fetch transcripts")).toBeInTheDocument();
  });

  it("shows the empty card when the range has no transcripts, with the cards but no filters", async () => {
    serve({ total: 0 });
    renderWithProviders(<TranscriptDashboard />);
    fireEvent.click(fetchButton());
    await waitFor(() => expect(screen.getByTestId("summary-total")).toHaveTextContent("0"));
    expect(screen.getByText("No transcripts found")).toBeInTheDocument();
    expect(screen.getByTestId("summary-device")).toHaveTextContent("N/A");
    expect(screen.queryByPlaceholderText("Search in transcripts...")).not.toBeInTheDocument();
  });

  it("pages with Previous, Next and the page buttons; the page size and the range go back to page 1", async () => {
    const server = serve({ total: 45 });
    renderWithProviders(<TranscriptDashboard />);
    fireEvent.click(fetchButton());
    expect(await screen.findByText("Showing 1 - 20 of 45 transcripts")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    expect(within(nav).getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(
      within(nav)
        .getAllByRole("button", { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(["1", "2", "3"]);

    fireEvent.click(within(nav).getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 21 - 40 of 45 transcripts")).toBeInTheDocument();
    expect(server.last().searchParams.get("page")).toBe("2");
    fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    expect(await screen.findByText("Showing 41 - 45 of 45 transcripts")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
    expect(screen.getByRole("heading", { name: "Transcripts (5)" })).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Last 30 days" }));
    expect(await screen.findByText("Showing 1 - 20 of 45 transcripts")).toBeInTheDocument();
    expect(server.last().searchParams.get("page")).toBe("1");
    expect(screen.getByTestId("summary-range")).toHaveTextContent("30 days");

    fireEvent.click(screen.getByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("Showing 21 - 40 of 45 transcripts")).toBeInTheDocument();
    fireEvent.click(fetchButton());
    expect(await screen.findByText("Showing 1 - 20 of 45 transcripts")).toBeInTheDocument();
  });

  it("sends the search and session filters debounced, goes back to page 1 and counts the matches", async () => {
    const server = serve({ total: 45 });
    renderWithProviders(<TranscriptDashboard />);
    fireEvent.click(fetchButton());
    fireEvent.click(await screen.findByRole("button", { name: "Page 2" }));
    expect(await screen.findByText("Showing 21 - 40 of 45 transcripts")).toBeInTheDocument();
    const before = server.urls.length;

    const search = screen.getByPlaceholderText("Search in transcripts...");
    fireEvent.change(search, { target: { value: "r" } });
    fireEvent.change(search, { target: { value: "re" } });
    fireEvent.change(search, { target: { value: "refund" } });
    expect(server.urls).toHaveLength(before);
    expect(await screen.findByText("Showing 3 filtered result(s)")).toBeInTheDocument();
    expect(server.urls).toHaveLength(before + 1);
    expect(server.last().searchParams.get("search")).toBe("refund");
    expect(server.last().searchParams.get("page")).toBe("1");
    // A row opens its transcript with the search, which the transcript page marks.
    expect(screen.getAllByTestId("transcript-link")[0].getAttribute("href")).toMatch(/^\/transcript\/[^?]+\?search=refund$/);
    expect(screen.getAllByTestId("transcript-card")[0].getAttribute("href")).toMatch(/\?search=refund$/);

    fireEvent.change(screen.getByPlaceholderText("Filter by Session ID..."), { target: { value: "session-1" } });
    await waitFor(() => expect(server.last().searchParams.get("sessionId")).toBe("session-1"));
    expect(server.last().searchParams.get("search")).toBe("refund");

    fireEvent.click(screen.getByRole("button", { name: "Clear search transcripts" }));
    await waitFor(() => expect(server.last().searchParams.get("search")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Clear session id filter" }));
    await waitFor(() => expect(screen.queryByText(/filtered result/)).not.toBeInTheDocument());
    expect(screen.getByPlaceholderText("Search in transcripts...")).toHaveValue("");
  });

  it("makes each row a link to its transcript, which a click or Enter follows", async () => {
    serve({ total: 2 });
    renderWithProviders(<TranscriptDashboard />);
    fireEvent.click(fetchButton());
    const rows = await screen.findAllByTestId("transcript-row");
    expect(rows.map((row) => within(row).getByRole("link").getAttribute("href"))).toEqual([
      "/transcript/transcript-0001-abcdef",
      "/transcript/transcript-0002-abcdef",
    ]);
  });

  it("exports CSV with the export toasts in order", async () => {
    const server = serve({ total: 45 });
    renderWithProviders(<TranscriptDashboard />);
    fireEvent.click(fetchButton());
    await screen.findByText("Showing 1 - 20 of 45 transcripts");
    fireEvent.keyDown(screen.getByRole("button", { name: /Export/ }), { key: "Enter" });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Export as CSV" }));
    await waitFor(() => expect(downloadTextFile).toHaveBeenCalledTimes(1));
    const [name, content, mime] = (downloadTextFile as jest.Mock).mock.calls[0];
    expect(name).toMatch(/^transcripts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(mime).toContain("text/csv");
    expect(
      content.startsWith(
        '\uFEFF"Transcript ID","Session ID","Timestamp","Duration","Messages","Question","Answer","Review Status","Tags","Assignee","Notes"\r\n',
      ),
    ).toBe(true);
    expect(content.trimEnd().split("\r\n")).toHaveLength(46);
    expect((toast as jest.Mock).mock.calls.map(([input]) => `${input.title} | ${input.description}`)).toEqual([
      "Preparing export... | Fetching all 45 transcript(s)...",
      "Processing transcripts... | Enriching 45 transcript(s) with full data...",
      "Export successful | Transcripts exported as CSV",
    ]);
    const exportUrls = server.urls.filter((url) => url.searchParams.get("limit") === "100");
    expect(exportUrls.map((url) => url.searchParams.get("page"))).toEqual(["1"]);
  });

  it("says Export failed with the server's message when a page cannot be read", async () => {
    const server = serve({ total: 45 });
    renderWithProviders(<TranscriptDashboard />);
    fireEvent.click(fetchButton());
    await screen.findByText("Showing 1 - 20 of 45 transcripts");
    (globalThis as unknown as { fetch: jest.Mock }).fetch.mockImplementation(async () =>
      fakeResponse({ status: 500, body: { message: "Database unavailable" } }),
    );
    fireEvent.keyDown(screen.getByRole("button", { name: /Export/ }), { key: "Enter" });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Export as JSON" }));
    await waitFor(() => expect((toast as jest.Mock).mock.calls.map(([input]) => input.title)).toContain("Export failed"));
    expect((toast as jest.Mock).mock.calls.at(-1)[0]).toMatchObject({
      title: "Export failed",
      description: "Database unavailable",
      variant: "destructive",
    });
    expect(downloadTextFile).not.toHaveBeenCalled();
    expect(server.urls.length).toBeGreaterThan(0);
  });
});
