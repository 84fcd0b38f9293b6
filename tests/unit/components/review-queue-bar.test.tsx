// Review next: on a transcript opened from a pass through a list, the pass's progress,
// Previous and Next, and the keyboard shortcuts for the review's common steps, listed in the "?"
// overlay and ignored while typing or inside a dialog.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ReviewPanel } from "@/components/review/review-panel";
import { REVIEW_SHORTCUTS, ReviewQueueBar } from "@/components/review/review-queue-bar";
import { clearToasts } from "@/components/ui/toast-store";
import { useTranscript } from "@/lib/queries/transcript";
import type { ReviewedDetail } from "@/lib/queries/review";
import { queuePath } from "@/lib/queries/review-queue";
import type { PersonRef, ReviewChange, ReviewStatus, TagItem, TranscriptReviewDetail } from "@/lib/schemas/review";
import { fakeResponse, renderWithProviders, signInLocally, supportRadixSelect } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/transcript/t-b" }));

const DATES = "startTime=2025-03-01T00%3A00%3A00.000Z&endTime=2025-03-31T23%3A59%3A59.999Z";
const ALL = DATES;
const UNREVIEWED = `${DATES}&status=unreviewed`;
const BUG: TagItem = { id: "tag-bug", name: "Bug", color: "#ef4444" };
const REFUND: TagItem = { id: "tag-refund", name: "Refund", color: "#22c55e" };
const SAM: PersonRef = { id: "u-sam", email: "sam@example.com", name: "Sam Lee" };

type Row = { id: string; reviewStatus: ReviewStatus };

/**
 * A fake list (GET /api/transcripts, filtered by status, paged) over `rows`, and a fake review of
 * each transcript (GET /api/transcript/{id}, PATCH /api/transcript/{id}/review) that changes them;
 * `tags` and `people` are what the review panel offers to add and to assign to.
 */
function serve(
  initial: Row[],
  { failPatch, tags = [BUG], people = [] }: { failPatch?: string; tags?: TagItem[]; people?: PersonRef[] } = {},
) {
  const rows = initial.map((row) => ({ ...row }));
  const patches: { id: string; change: ReviewChange }[] = [];
  const review = (row: Row): TranscriptReviewDetail => ({
    status: row.reviewStatus,
    updatedBy: null,
    updatedAt: null,
    assignee: null,
    tags: [],
    notes: [],
  });
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://portal.test");
    const method = init.method ?? "GET";
    if (url.pathname === "/api/transcripts") {
      const status = url.searchParams.get("status");
      const page = Number(url.searchParams.get("page"));
      const limit = Number(url.searchParams.get("limit"));
      const matching = rows.filter((row) => !status || row.reviewStatus === status);
      return fakeResponse({
        body: {
          transcripts: matching.slice((page - 1) * limit, page * limit).map((row) => ({ ...row, sessionId: `s-${row.id}` })),
          total: matching.length,
          totalPages: Math.ceil(matching.length / limit),
        },
      });
    }
    if (url.pathname === "/api/tags") return fakeResponse({ body: tags });
    if (url.pathname === "/api/people") return fakeResponse({ body: people });
    const match = url.pathname.match(/^\/api\/transcript\/([^/]+)(\/review)?$/);
    const row = match ? rows.find((one) => one.id === decodeURIComponent(match[1])) : undefined;
    if (row && !match![2] && method === "GET") {
      const detail: ReviewedDetail = {
        _id: row.id,
        sessionID: `s-${row.id}`,
        createdAt: "",
        updatedAt: "",
        dialog: [],
        review: review(row),
      };
      return fakeResponse({ body: detail });
    }
    if (row && match![2] && method === "PATCH") {
      const change = JSON.parse(String(init.body)) as ReviewChange;
      patches.push({ id: row.id, change });
      if (failPatch) return fakeResponse({ status: 500, body: { message: failPatch } });
      if (change.status) row.reviewStatus = change.status;
      return fakeResponse({ body: review(row) });
    }
    return fakeResponse({ status: 404, body: { message: "Not found" } });
  });
  (globalThis as { fetch: unknown }).fetch = fetch;
  return { fetch, patches, rows };
}

const ROWS: Row[] = [
  { id: "t-a", reviewStatus: "reviewed" },
  { id: "t-b", reviewStatus: "unreviewed" },
  { id: "t-c", reviewStatus: "needs_attention" },
  { id: "t-d", reviewStatus: "unreviewed" },
  { id: "t-e", reviewStatus: "unreviewed" },
];

const visit = (query: string, ids: string[]) => window.sessionStorage.setItem(`reviewPass:${query}`, JSON.stringify(ids));
const progress = () => screen.getByTestId("pass-progress");
const press = (key: string, options: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(document.body, { key, ...options });
/** A key pressed as a keyboard presses it: on whatever has the focus. */
const type = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
/** Lets timers started by a key (Radix moves the focus on a timer) and the calls it started finish. */
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 50)));

/** The transcript page's parts that take part in a pass: the bar and the review panel. */
function PassPage({ id, query }: { id: string; query: string }) {
  const transcript = useTranscript(id);
  const review = (transcript.data as ReviewedDetail | undefined)?.review;
  return (
    <>
      <ReviewQueueBar transcriptId={id} query={query} />
      {review ? <ReviewPanel transcriptId={id} review={review} /> : null}
    </>
  );
}

beforeAll(supportRadixSelect);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ id: "u-rita", email: "rita@example.com", name: "Rita Moreno" });
});

describe("ReviewQueueBar", () => {
  it("shows how much of the list is reviewed, and updates when this transcript is marked reviewed", async () => {
    const { patches } = serve(ROWS);
    renderWithProviders(<ReviewQueueBar transcriptId="t-b" query={ALL} />);
    expect(screen.getByRole("region", { name: "Review pass" })).toBeInTheDocument();
    expect(progress()).toHaveTextContent("Counting...");
    await waitFor(() => expect(progress()).toHaveTextContent("2 of 5 reviewed"));
    press("r");
    await waitFor(() => expect(progress()).toHaveTextContent("3 of 5 reviewed"));
    expect(patches).toEqual([{ id: "t-b", change: { status: "reviewed" } }]);
  });

  it("counts a pass through the unreviewed from the size the list had when the pass began", async () => {
    serve(ROWS);
    renderWithProviders(<ReviewQueueBar transcriptId="t-b" query={UNREVIEWED} />);
    await waitFor(() => expect(progress()).toHaveTextContent("0 of 3 reviewed"));
    press("a");
    await waitFor(() => expect(progress()).toHaveTextContent("1 of 3 reviewed"));
  });

  it("says when the progress cannot be counted", async () => {
    (globalThis as { fetch: unknown }).fetch = jest.fn(async () =>
      fakeResponse({ status: 500, body: { message: "Database unavailable" } }),
    );
    renderWithProviders(<ReviewQueueBar transcriptId="t-b" query={ALL} />);
    await waitFor(() => expect(progress()).toHaveTextContent("Progress unavailable"));
  });

  it("goes on, with Next or n, to the first transcript of the list neither visited nor reviewed", async () => {
    serve(ROWS);
    visit(ALL, ["t-a"]);
    renderWithProviders(<ReviewQueueBar transcriptId="t-b" query={ALL} />);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith(queuePath("t-d", ALL)));
    expect(queuePath("t-d", ALL)).toBe(`/transcript/t-d?queue=${encodeURIComponent(ALL)}`);
    // This transcript counts as visited in the pass.
    expect(JSON.parse(window.sessionStorage.getItem(`reviewPass:${ALL}`)!)).toEqual(["t-a", "t-b"]);

    mockRouter.push.mockClear();
    press("n");
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith(queuePath("t-d", ALL)));
    expect(mockRouter.push).toHaveBeenCalledTimes(1);
  });

  it("takes the first unvisited one, reviewed or not, once every unvisited one is reviewed", async () => {
    serve(ROWS);
    visit(ALL, ["t-d", "t-e"]);
    renderWithProviders(<ReviewQueueBar transcriptId="t-b" query={ALL} />);
    press("n");
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith(queuePath("t-a", ALL)));
  });

  it("ends the pass on the list once every transcript was visited", async () => {
    serve(ROWS);
    visit(ALL, ["t-a", "t-c", "t-d", "t-e"]);
    renderWithProviders(<ReviewQueueBar transcriptId="t-b" query={ALL} />);
    press("n");
    expect(await screen.findByText("End of the list")).toBeInTheDocument();
    expect(screen.getByText("Every transcript of this list was visited in this pass")).toBeInTheDocument();
    expect(mockRouter.push).toHaveBeenCalledWith(`/dashboard?${ALL}`);
  });

  it("steps back with Previous or p, and forward again through those already visited", async () => {
    const { fetch } = serve(ROWS);
    visit(ALL, ["t-a", "t-b", "t-d"]);
    const { unmount } = renderWithProviders(<ReviewQueueBar transcriptId="t-b" query={ALL} />);
    fireEvent.click(screen.getByRole("button", { name: "Previous" }));
    expect(mockRouter.push).toHaveBeenLastCalledWith(queuePath("t-a", ALL));
    press("p");
    expect(mockRouter.push).toHaveBeenCalledTimes(2);
    expect(mockRouter.push).toHaveBeenLastCalledWith(queuePath("t-a", ALL));

    const listCalls = () => fetch.mock.calls.filter(([input]) => String(input).includes("limit=100")).length;
    press("n");
    await waitFor(() => expect(mockRouter.push).toHaveBeenLastCalledWith(queuePath("t-d", ALL)));
    expect(listCalls()).toBe(0);
    unmount();

    renderWithProviders(<ReviewQueueBar transcriptId="t-a" query={ALL} />);
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    mockRouter.push.mockClear();
    press("p");
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it("sets the status and the assignee from the keyboard, and says when the server refuses", async () => {
    const { patches } = serve(ROWS, { failPatch: "Transcript is locked" });
    renderWithProviders(<ReviewQueueBar transcriptId="t-b" query={ALL} />);
    press("a");
    expect(await screen.findByText("Review not saved")).toBeInTheDocument();
    expect(screen.getByText("Transcript is locked")).toBeInTheDocument();
    press("m");
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches).toEqual([
      { id: "t-b", change: { status: "needs_attention" } },
      { id: "t-b", change: { assigneeId: "u-rita" } },
    ]);
  });

  it("opens the review panel's tag list with t", async () => {
    serve(ROWS);
    renderWithProviders(<PassPage id="t-b" query={ALL} />);
    await screen.findByRole("combobox", { name: "Add a tag" });
    press("t");
    expect(await screen.findByRole("option", { name: "Bug" })).toBeInTheDocument();
  });

  it("leaves keys to text fields, to modified presses and to open dialogs", async () => {
    const { patches } = serve(ROWS);
    renderWithProviders(<PassPage id="t-b" query={ALL} />);
    const note = await screen.findByRole("textbox", { name: "New note" });
    fireEvent.keyDown(note, { key: "r" });
    fireEvent.keyDown(note, { key: "n" });
    press("r", { ctrlKey: true });
    press("a", { metaKey: true });
    press("m", { altKey: true });
    fireEvent.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
    const help = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    fireEvent.keyDown(help, { key: "r" });
    fireEvent.keyDown(help, { key: "n" });
    // Let any call the keys would have started reach the server.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(patches).toEqual([]);
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it("leaves letters to a closed select: on 'Add a tag' or 'Assign to a colleague' they pick an option, nothing else", async () => {
    const { patches } = serve(ROWS, { tags: [BUG, REFUND], people: [SAM] });
    renderWithProviders(<PassPage id="t-b" query={ALL} />);
    const assign = await screen.findByRole("combobox", { name: "Assign to a colleague" });
    const addTag = screen.getByRole("combobox", { name: "Add a tag" });
    act(() => assign.focus());
    // No colleague starts with m: the press does nothing, and above all does not assign to me.
    type("m");
    type("n");
    await settle();
    expect(patches).toEqual([]);
    expect(mockRouter.push).not.toHaveBeenCalled();

    act(() => addTag.focus());
    // As in a native select, r picks Refund; it does not also mark the transcript reviewed.
    type("r");
    await waitFor(() => expect(patches).toHaveLength(1));
    await settle();
    expect(patches).toEqual([{ id: "t-b", change: { addTagIds: ["tag-refund"] } }]);
  });

  it("after t then Escape, hands the focus back, so that r marks reviewed and adds no tag", async () => {
    const { patches } = serve(ROWS, { tags: [BUG, REFUND] });
    renderWithProviders(<PassPage id="t-b" query={ALL} />);
    const addTag = await screen.findByRole("combobox", { name: "Add a tag" });
    expect(document.body).toHaveFocus();
    type("t");
    // The list opens with the focus on its first tag, as a click on the trigger opens it.
    await waitFor(() => expect(screen.getByRole("option", { name: "Bug" })).toHaveFocus());
    type("Escape");
    await waitFor(() => expect(screen.queryByRole("option")).not.toBeInTheDocument());
    await settle();
    expect(addTag).not.toHaveFocus();
    expect(document.body).toHaveFocus();
    type("r");
    await waitFor(() => expect(patches).toHaveLength(1));
    await settle();
    expect(patches).toEqual([{ id: "t-b", change: { status: "reviewed" } }]);
  });

  it("after t and a tag picked with Enter, hands the focus back to where it was", async () => {
    const { patches } = serve(ROWS, { tags: [BUG, REFUND] });
    renderWithProviders(<PassPage id="t-b" query={ALL} />);
    await screen.findByRole("combobox", { name: "Add a tag" });
    const status = screen.getByRole("button", { name: "Needs attention" });
    act(() => status.focus());
    type("t");
    fireEvent.keyDown(await screen.findByRole("option", { name: "Bug" }), { key: "Enter" });
    await waitFor(() => expect(patches).toHaveLength(1));
    await settle();
    expect(status).toHaveFocus();
    type("r");
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches).toEqual([
      { id: "t-b", change: { addTagIds: ["tag-bug"] } },
      { id: "t-b", change: { status: "reviewed" } },
    ]);
  });

  it("lists the shortcuts in an overlay opened with ? or the keyboard button", async () => {
    serve(ROWS);
    renderWithProviders(<ReviewQueueBar transcriptId="t-b" query={ALL} />);
    press("?");
    const help = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(help).toHaveTextContent("While reviewing a list, outside text fields.");
    const pairs = within(help)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(pairs).toEqual(REVIEW_SHORTCUTS.map((shortcut) => [shortcut.keys, shortcut.action]));
    expect(pairs).toEqual([
      ["r", "Mark reviewed"],
      ["a", "Mark needs attention"],
      ["t", "Add a tag"],
      ["m", "Assign to me"],
      ["n", "Next transcript"],
      ["p", "Previous transcript"],
      ["?", "Show these shortcuts"],
    ]);
    fireEvent.keyDown(help, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole("button", { name: "Keyboard shortcuts" }));
    expect(await screen.findByRole("dialog", { name: "Keyboard shortcuts" })).toBeInTheDocument();
  });
});
