import "@testing-library/jest-dom";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { FeedbackManagement } from "@/components/feedback-admin/feedback-management";
import { clearToasts } from "@/components/ui/toast-store";
import { downloadTextFile } from "@/lib/export/download";
import type { AdminFeedbackResponse, FeedbackDto, FeedbackFilter } from "@/lib/schemas/feedback";
import { renderWithProviders, signInLocally, supportRadixSelect } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/admin/feedback" }));
jest.mock("@/lib/export/download", () => ({ downloadTextFile: jest.fn() }));
const download = downloadTextFile as jest.MockedFunction<typeof downloadTextFile>;

const make = (id: string, overrides: Partial<FeedbackDto> = {}): FeedbackDto => ({
  id,
  user: { email: "ann@example.com", name: "Ann Lee" },
  transcriptId: `transcript-${id}`,
  messageIndex: 2,
  feedbackType: "thumbs_up",
  comment: null,
  reviewStatus: "pending",
  createdAt: new Date(2025, 2, 5, 15, 4).toISOString(),
  ...overrides,
});

const RULES: Record<FeedbackFilter, (item: FeedbackDto) => boolean> = {
  all: () => true,
  pending: (item) => item.reviewStatus === "pending",
  reviewed: (item) => item.reviewStatus === "reviewed",
  not_helpful: (item) => item.feedbackType === "thumbs_down",
  with_comments: (item) => Boolean(item.comment?.trim()),
};

/** A fake GET/DELETE/PATCH /api/admin/feedback over an in-memory list. */
function server(initial: FeedbackDto[], { fail }: { fail?: "list" | "delete" | "patch" } = {}) {
  let items = [...initial];
  const respond = (status: number, body: unknown) =>
    ({ ok: status < 300, status, statusText: "", text: async () => JSON.stringify(body), json: async () => body }) as Response;
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://app.test");
    const method = init.method ?? "GET";
    if (url.pathname === "/api/admin/feedback" && method === "GET") {
      if (fail === "list") return respond(500, { message: "Database unavailable" });
      const filter = (url.searchParams.get("filter") ?? "all") as FeedbackFilter;
      const page = Number(url.searchParams.get("page"));
      const limit = Number(url.searchParams.get("limit"));
      const matching = items.filter(RULES[filter]);
      const body: AdminFeedbackResponse = {
        items: matching.slice((page - 1) * limit, page * limit),
        total: matching.length,
        totalPages: Math.ceil(matching.length / limit),
        counts: {
          total: items.length,
          thumbsUp: items.filter((i) => i.feedbackType === "thumbs_up").length,
          thumbsDown: items.filter((i) => i.feedbackType === "thumbs_down").length,
          pending: items.filter((i) => i.reviewStatus === "pending").length,
          reviewed: items.filter((i) => i.reviewStatus === "reviewed").length,
        },
      };
      return respond(200, body);
    }
    const match = url.pathname.match(/^\/api\/admin\/feedback\/([^/]+)(\/review-status)?$/);
    if (!match) return respond(404, { message: "Not found" });
    const id = decodeURIComponent(match[1]);
    if (method === "DELETE") {
      if (fail === "delete") return respond(404, { message: "Feedback not found" });
      items = items.filter((i) => i.id !== id);
      return respond(200, { message: "Feedback deleted" });
    }
    if (fail === "patch") return respond(500, "");
    const { reviewStatus } = JSON.parse(String(init.body));
    items = items.map((i) => (i.id === id ? { ...i, reviewStatus } : i));
    return respond(
      200,
      items.find((i) => i.id === id),
    );
  });
  (globalThis as { fetch: unknown }).fetch = fetch;
  const gets = () =>
    fetch.mock.calls
      .map(([input, init]) => ({
        url: new URL(String(input), "http://app.test"),
        method: (init as RequestInit | undefined)?.method ?? "GET",
      }))
      .filter(({ url, method }) => method === "GET" && url.pathname === "/api/admin/feedback")
      .map(({ url }) => Object.fromEntries(url.searchParams));
  return { fetch, gets };
}

const rows = () => screen.queryAllByTestId("feedback-row");
const row = (id: string) => rows().find((el) => el.getAttribute("data-id") === id)!;
const count = (label: string) => screen.getByTestId(`count-${label}`).textContent;

async function chooseFilter(label: string) {
  const trigger = screen.getByLabelText("Filter");
  fireEvent.keyDown(trigger, { key: "Enter" });
  const option = await screen.findByRole("option", { name: label });
  fireEvent.keyDown(option, { key: "Enter" });
  await waitFor(() => expect(trigger).toHaveTextContent(label));
}

beforeAll(supportRadixSelect);

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ email: "root@example.com", isAdmin: true });
});

const SAMPLE = [
  make("fb-1", {
    comment: "The answer quoted the wrong refund window for orders placed during the holiday sale period",
    feedbackType: "thumbs_down",
  }),
  make("fb-2", { user: { email: "bob@example.com", name: null }, messageIndex: 0, reviewStatus: "reviewed" }),
  make("fb-3", { user: null, feedbackType: "thumbs_down", comment: "   " }),
];

describe("FeedbackManagement (Feedback management)", () => {
  it("shows the five counts and one row per feedback with its eight columns", async () => {
    server(SAMPLE);
    renderWithProviders(<FeedbackManagement />);
    expect(screen.getByRole("heading", { name: "Feedback Management" })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect([count("Total Feedback"), count("Thumbs Up"), count("Thumbs Down"), count("Pending Review"), count("Reviewed")]).toEqual([
      "3",
      "1",
      "2",
      "2",
      "1",
    ]);
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "User",
      "Transcript ID",
      "Message #",
      "Feedback",
      "Comment",
      "Review Status",
      "Date",
      "Actions",
    ]);

    const first = within(row("fb-1"));
    expect(first.getByText("ann@example.com")).toBeInTheDocument();
    expect(first.getByText("Ann Lee")).toBeInTheDocument();
    expect(first.getByRole("link", { name: "transcri…" })).toHaveAttribute("href", "/transcript/transcript-fb-1#message-2");
    expect(first.getByRole("cell", { name: "3" })).toBeInTheDocument();
    expect(first.getByText("Not Helpful")).toBeInTheDocument();
    // The preview is cut at a word; the full text is there for screen readers and in the tooltip.
    const preview = first.getByTestId("comment-preview");
    expect(preview.firstChild).toHaveTextContent(/^The answer quoted the wrong refund window for orders…$/);
    expect(preview.firstChild).toHaveAttribute("aria-hidden");
    expect(preview.lastChild).toHaveTextContent(SAMPLE[0].comment!);
    expect(preview.lastChild).toHaveClass("sr-only");
    expect(first.getByTestId("review-status")).toHaveTextContent("Pending review");
    // The date reads as one text, on two lines on wide screens.
    expect(row("fb-1").querySelector("time")).toHaveTextContent("Mar 5, 2025, 3:04 PM");

    expect(within(row("fb-2")).getByText("Helpful")).toBeInTheDocument();
    expect(within(row("fb-2")).getByRole("cell", { name: "1" })).toBeInTheDocument();
    expect(within(row("fb-2")).getByTestId("review-status")).toHaveTextContent("Reviewed");
    expect(within(row("fb-3")).getByText("Deleted user")).toBeInTheDocument();
    // A blank comment is no comment: no preview and no copy button.
    expect(within(row("fb-3")).queryByTestId("copy-comment")).not.toBeInTheDocument();
    expect(within(row("fb-3")).getByText("No comment")).toBeInTheDocument();
  });

  it("shows the empty states and the load failure", async () => {
    server([]);
    const first = renderWithProviders(<FeedbackManagement />);
    expect(await screen.findByText("No feedback submitted yet")).toBeInTheDocument();
    first.unmount();

    server([make("fb-1")]);
    const second = renderWithProviders(<FeedbackManagement />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await chooseFilter("With Comments");
    expect(await screen.findByText("No feedback matches the current filter")).toBeInTheDocument();
    second.unmount();

    server(SAMPLE, { fail: "list" });
    renderWithProviders(<FeedbackManagement />);
    expect(await screen.findByText("Failed to load feedback")).toBeInTheDocument();
    expect(screen.getByText("Database unavailable")).toBeInTheDocument();
  });

  it("offers the five filters and asks the server for the chosen one from page 1", async () => {
    const { gets } = server(SAMPLE);
    renderWithProviders(<FeedbackManagement />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(gets()[0]).toEqual({ filter: "all", page: "1", limit: "50" });

    fireEvent.keyDown(screen.getByLabelText("Filter"), { key: "Enter" });
    expect((await screen.findAllByRole("option")).map((o) => o.textContent)).toEqual([
      "All Feedback",
      "Pending Review",
      "Reviewed",
      "Not Helpful",
      "With Comments",
    ]);
    fireEvent.keyDown(screen.getByRole("option", { name: "Not Helpful" }), { key: "Enter" });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(gets().at(-1)).toEqual({ filter: "not_helpful", page: "1", limit: "50" });
    // The counts stay over all feedback.
    expect(count("Total Feedback")).toBe("3");

    await chooseFilter("Reviewed");
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(row("fb-2")).toBeDefined();
  });

  it("changes a review status and toasts; a failure puts the old status back", async () => {
    const { fetch } = server(SAMPLE);
    renderWithProviders(<FeedbackManagement />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const select = within(row("fb-1")).getByTestId("review-status");
    expect(select).toHaveAccessibleName("Review status of the feedback from ann@example.com on message #3");
    fireEvent.keyDown(select, { key: "Enter" });
    fireEvent.keyDown(await screen.findByRole("option", { name: "Reviewed" }), { key: "Enter" });
    expect(await screen.findByText("Review status updated")).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === "PATCH")!;
    expect(String(patch[0])).toBe("/api/admin/feedback/fb-1/review-status");
    expect(JSON.parse(String((patch[1] as RequestInit).body))).toEqual({ reviewStatus: "reviewed" });
    await waitFor(() => expect(count("Reviewed")).toBe("2"));
    expect(within(row("fb-1")).getByTestId("review-status")).toHaveTextContent("Reviewed");
  });

  it("shows the fallback when a review status cannot be saved", async () => {
    server(SAMPLE, { fail: "patch" });
    renderWithProviders(<FeedbackManagement />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.keyDown(within(row("fb-1")).getByTestId("review-status"), { key: "Enter" });
    fireEvent.keyDown(await screen.findByRole("option", { name: "Reviewed" }), { key: "Enter" });
    expect(await screen.findByText("Failed to update review status")).toBeInTheDocument();
    expect(screen.getByText("An error occurred while updating the review status")).toBeInTheDocument();
    await waitFor(() => expect(within(row("fb-1")).getByTestId("review-status")).toHaveTextContent("Pending review"));
  });

  it("asks before deleting, deletes and toasts; a failure shows the server message", async () => {
    const { fetch } = server(SAMPLE);
    renderWithProviders(<FeedbackManagement />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(row("fb-2")).getByRole("button", { name: "Delete the feedback from bob@example.com on message #1" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this feedback?" });
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus());
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === "DELETE")).toBe(false);

    fireEvent.click(within(row("fb-2")).getByTestId("delete-feedback"));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Feedback deleted")).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(count("Total Feedback")).toBe("2");
  });

  it("shows the delete failure toast", async () => {
    server(SAMPLE, { fail: "delete" });
    renderWithProviders(<FeedbackManagement />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    fireEvent.click(within(row("fb-1")).getByTestId("delete-feedback"));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete feedback")).toBeInTheDocument();
    expect(screen.getByText("Feedback not found")).toBeInTheDocument();
    expect(rows()).toHaveLength(3);
  });

  it("copies a comment and then shows Copied!", async () => {
    server(SAMPLE);
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderWithProviders(<FeedbackManagement />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const copy = within(row("fb-1")).getByRole("button", { name: "Copy comment" });
    await act(async () => fireEvent.click(copy));
    expect(writeText).toHaveBeenCalledWith(SAMPLE[0].comment);
    expect(within(row("fb-1")).getByText("Copied!")).toBeInTheDocument();
  });

  it("pages through the server's pages", async () => {
    const many = Array.from({ length: 120 }, (_, i) => make(`fb-${String(i).padStart(3, "0")}`));
    const { gets } = server(many);
    renderWithProviders(<FeedbackManagement />);
    await waitFor(() => expect(rows()).toHaveLength(50));
    expect(screen.getByTestId("feedback-range")).toHaveTextContent("Showing 1 - 50 of 120 feedback items");
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(row("fb-050")).toBeDefined());
    expect(gets().at(-1)).toEqual({ filter: "all", page: "2", limit: "50" });
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(screen.getByText("Page 3 of 3")).toBeInTheDocument();
    expect(screen.getByTestId("feedback-range")).toHaveTextContent("Showing 101 - 120 of 120 feedback items");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  }, 30_000);

  describe("exports", () => {
    it("exports the loaded page without another call when it holds everything", async () => {
      const { gets } = server(SAMPLE);
      renderWithProviders(<FeedbackManagement />);
      await waitFor(() => expect(rows()).toHaveLength(3));
      fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
      expect(await screen.findByText("Export successful")).toBeInTheDocument();
      expect(screen.getByText("Exported 3 feedback items as CSV")).toBeInTheDocument();
      expect(gets()).toHaveLength(1);
      const [fileName, content, mimeType] = download.mock.calls[0];
      expect(fileName).toMatch(/^feedback-export-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(mimeType).toMatch(/^text\/csv/);
      expect(content.split("\r\n").filter(Boolean)).toHaveLength(4);
    });

    it("gathers every page of the current filter, 500 at a time", async () => {
      const many = Array.from({ length: 1203 }, (_, i) => make(`fb-${i}`, { feedbackType: i % 3 === 0 ? "thumbs_down" : "thumbs_up" }));
      const { gets } = server(many);
      renderWithProviders(<FeedbackManagement />);
      await waitFor(() => expect(rows()).toHaveLength(50));
      await chooseFilter("Not Helpful");
      await waitFor(() => expect(screen.getByTestId("feedback-range")).toHaveTextContent("of 401 feedback items"));
      fireEvent.click(screen.getByRole("button", { name: "Export JSON" }));
      expect(await screen.findByText("Exported 401 feedback items as JSON")).toBeInTheDocument();
      expect(gets().filter((q) => q.limit === "500")).toEqual([{ filter: "not_helpful", page: "1", limit: "500" }]);
      const [fileName, content] = download.mock.calls[0];
      expect(fileName).toMatch(/^feedback-export-\d{4}-\d{2}-\d{2}\.json$/);
      const exported = JSON.parse(content) as FeedbackDto[];
      expect(exported).toHaveLength(401);
      expect(exported.every((item) => item.feedbackType === "thumbs_down")).toBe(true);

      await chooseFilter("All Feedback");
      await waitFor(() => expect(screen.getByTestId("feedback-range")).toHaveTextContent("of 1,203 feedback items"));
      fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
      expect(await screen.findByText("Exported 1203 feedback items as CSV")).toBeInTheDocument();
      expect(
        gets()
          .filter((q) => q.limit === "500" && q.filter === "all")
          .map((q) => q.page),
      ).toEqual(["1", "2", "3"]);
    }, 30_000);

    it("says there is nothing to export", async () => {
      server([]);
      renderWithProviders(<FeedbackManagement />);
      await screen.findByText("No feedback submitted yet");
      fireEvent.click(screen.getByRole("button", { name: "Export JSON" }));
      expect(await screen.findByText("No data to export")).toBeInTheDocument();
      expect(screen.getByText("There is no feedback data available to export")).toBeInTheDocument();
      expect(download).not.toHaveBeenCalled();
    });
  });
});
