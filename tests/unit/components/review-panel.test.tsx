// Transcript page: the review panel: status, assignee and tags with who changed them and
// when, and the notes, each with its author and time; a note's author edits and deletes it, an
// administrator deletes anyone's. The panel reads the transcript's review as the page does, from
// GET /api/transcript/{id}, so each change shows what the server answered.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ReviewPanel } from "@/components/review/review-panel";
import { clearToasts } from "@/components/ui/toast-store";
import { useTranscript } from "@/lib/queries/transcript";
import type { ReviewedDetail } from "@/lib/queries/review";
import type { NoteItem, PersonRef, ReviewChange, TagItem, TranscriptReviewDetail } from "@/lib/schemas/review";
import { fakeResponse, renderWithProviders, signInLocally, supportRadixSelect } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/transcript/t-1" }));

const at = (minute: number) => new Date(2025, 2, 5, 15, minute).toISOString();
const shown = (minute: number) => `Mar 5, 2025, 3:${String(minute).padStart(2, "0")} PM`;

const RITA: PersonRef = { id: "u-rita", email: "rita@example.com", name: "Rita Moreno" };
const SAM: PersonRef = { id: "u-sam", email: "sam@example.com", name: "Sam Lee" };
const KIM: PersonRef = { id: "u-kim", email: "kim@example.com", name: null };
const PEOPLE = [RITA, SAM, KIM];

const BUG: TagItem = { id: "tag-bug", name: "Bug", color: "#ef4444" };
const REFUND: TagItem = { id: "tag-refund", name: "Refund", color: "#22c55e" };
const VIP: TagItem = { id: "tag-vip", name: "VIP", color: "#6366f1" };
const TAGS = [BUG, REFUND, VIP];

const note = (id: string, author: NoteItem["author"], body: string, createdAt: string, updatedAt = createdAt): NoteItem => ({
  id,
  author,
  body,
  createdAt,
  updatedAt,
});

const REVIEW: TranscriptReviewDetail = {
  status: "needs_attention",
  updatedBy: SAM,
  updatedAt: at(4),
  assignee: SAM,
  tags: [BUG],
  notes: [
    note("n-rita", RITA, "Refund window quoted wrong", at(5)),
    note("n-sam", SAM, "Escalated to billing\nsee ticket 42", at(6), at(8)),
    note("n-gone", { id: null, email: null, name: "Deleted user" }, "Old remark", at(7)),
  ],
};

/** A fake transcript with its review and notes, and the review's, notes', tags' and people's calls. */
function serve({ review = REVIEW, failPatch }: { review?: TranscriptReviewDetail; failPatch?: string } = {}) {
  let state: TranscriptReviewDetail = JSON.parse(JSON.stringify(review));
  const patches: ReviewChange[] = [];
  const noteCalls: { method: string; path: string; body?: unknown }[] = [];
  let noteIds = 0;
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://portal.test");
    const method = init.method ?? "GET";
    const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
    if (url.pathname === "/api/tags") return fakeResponse({ body: TAGS });
    if (url.pathname === "/api/people") return fakeResponse({ body: PEOPLE });
    if (url.pathname === "/api/transcript/t-1" && method === "GET") {
      const detail: ReviewedDetail = { _id: "t-1", sessionID: "web-1", createdAt: at(0), updatedAt: at(1), dialog: [], review: state };
      return fakeResponse({ body: detail });
    }
    if (url.pathname === "/api/transcript/t-1/review" && method === "PATCH") {
      patches.push(body);
      if (failPatch) return fakeResponse({ status: 500, body: { message: failPatch } });
      const change = body as ReviewChange;
      state = {
        ...state,
        status: change.status ?? state.status,
        assignee: change.assigneeId === undefined ? state.assignee : (PEOPLE.find((person) => person.id === change.assigneeId) ?? null),
        tags: [
          ...state.tags.filter((tag) => !change.removeTagIds?.includes(tag.id)),
          ...TAGS.filter((tag) => change.addTagIds?.includes(tag.id) && !state.tags.some((own) => own.id === tag.id)),
        ],
        updatedBy: RITA,
        updatedAt: at(30),
      };
      return fakeResponse({ body: state });
    }
    if (url.pathname.startsWith("/api/transcript/t-1/notes")) {
      noteCalls.push({ method, path: url.pathname, body });
      const id = decodeURIComponent(url.pathname.split("/")[5] ?? "");
      if (method === "POST") {
        noteIds += 1;
        const created = note(`n-new-${noteIds}`, RITA, body.body.trim(), at(40));
        state = { ...state, notes: [...state.notes, created] };
        return fakeResponse({ status: 201, body: created });
      }
      if (method === "PATCH") {
        state = {
          ...state,
          notes: state.notes.map((one) => (one.id === id ? { ...one, body: body.body.trim(), updatedAt: at(45) } : one)),
        };
        return fakeResponse({ body: state.notes.find((one) => one.id === id) });
      }
      if (method === "DELETE") {
        state = { ...state, notes: state.notes.filter((one) => one.id !== id) };
        return fakeResponse({ body: { ok: true } });
      }
    }
    return fakeResponse({ status: 404, body: { message: "Not found" } });
  });
  (globalThis as { fetch: unknown }).fetch = fetch;
  return { fetch, patches, noteCalls };
}

/** The panel as the transcript page shows it: the review of the transcript's cached detail. */
function TranscriptReview() {
  const transcript = useTranscript("t-1");
  const review = (transcript.data as ReviewedDetail | undefined)?.review;
  return review ? <ReviewPanel transcriptId="t-1" review={review} /> : <p>Loading...</p>;
}

const panel = async () => within(await screen.findByTestId("review-panel"));
const statusButton = (name: string) => within(screen.getByRole("group", { name: "Review status" })).getByRole("button", { name });
const notes = () => screen.getAllByTestId("note");
const noteOf = (author: string) => notes().find((el) => within(el).getByTestId("note-author").textContent === author)!;

async function choose(trigger: HTMLElement, option: string) {
  fireEvent.keyDown(trigger, { key: "Enter" });
  fireEvent.keyDown(await screen.findByRole("option", { name: option }), { key: "Enter" });
}

beforeAll(supportRadixSelect);

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ id: "u-rita", email: "rita@example.com", name: "Rita Moreno" });
});

describe("ReviewPanel", () => {
  it("shows the status, who changed it and when, the assignee, the tags and every note with its author and time", async () => {
    serve();
    renderWithProviders(<TranscriptReview />);
    const review = await panel();
    expect(review.getByRole("heading", { name: "Review" })).toBeInTheDocument();
    expect(review.getByTestId("review-changed")).toHaveTextContent(`Last changed by Sam Lee on ${shown(4)}`);
    expect(statusButton("Needs attention")).toHaveAttribute("aria-pressed", "true");
    expect(statusButton("Unreviewed")).toHaveAttribute("aria-pressed", "false");
    expect(statusButton("Reviewed")).toHaveAttribute("aria-pressed", "false");
    expect(review.getByTestId("review-assignee")).toHaveTextContent("Sam Lee");
    expect(
      within(review.getByRole("list", { name: "Tags" }))
        .getAllByTestId("tag-chip")
        .map((chip) => chip.textContent),
    ).toEqual(["Bug"]);

    expect(notes()).toHaveLength(3);
    const [own, sams, gone] = notes();
    expect(within(own).getByTestId("note-author")).toHaveTextContent("Rita Moreno");
    expect(own).toHaveTextContent(`Rita Moreno · ${shown(5)}Refund window quoted wrong`);
    expect(own).not.toHaveTextContent("edited");
    // An edited note shows both times; its line breaks are kept.
    expect(sams).toHaveTextContent(`Sam Lee · ${shown(6)} · edited ${shown(8)}`);
    expect(within(sams).getByText(/Escalated to billing/).textContent).toBe("Escalated to billing\nsee ticket 42");
    expect(within(gone).getByTestId("note-author")).toHaveTextContent("Deleted user");
    expect(gone).toHaveTextContent(`Deleted user · ${shown(7)}Old remark`);
  });

  it("reads an untouched review: nobody assigned, no tags, no notes, no 'last changed'", async () => {
    serve({ review: { status: "unreviewed", updatedBy: null, updatedAt: null, assignee: null, tags: [], notes: [] } });
    renderWithProviders(<TranscriptReview />);
    const review = await panel();
    expect(review.queryByTestId("review-changed")).not.toBeInTheDocument();
    expect(statusButton("Unreviewed")).toHaveAttribute("aria-pressed", "true");
    expect(review.getByTestId("review-assignee")).toHaveTextContent("Nobody");
    expect(review.queryByRole("button", { name: "Unassign" })).not.toBeInTheDocument();
    expect(review.getByRole("list", { name: "Tags" })).toHaveTextContent("No tags");
    expect(review.getByText("No notes yet")).toBeInTheDocument();
    expect(review.queryAllByTestId("note")).toHaveLength(0);
  });

  it("changes the status and then shows who changed it and when", async () => {
    const { patches } = serve();
    renderWithProviders(<TranscriptReview />);
    await panel();
    fireEvent.click(statusButton("Reviewed"));
    await waitFor(() => expect(statusButton("Reviewed")).toHaveAttribute("aria-pressed", "true"));
    expect(patches).toEqual([{ status: "reviewed" }]);
    expect(statusButton("Needs attention")).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByTestId("review-changed")).toHaveTextContent(`Last changed by Rita Moreno on ${shown(30)}`);

    fireEvent.click(statusButton("Unreviewed"));
    await waitFor(() => expect(statusButton("Unreviewed")).toHaveAttribute("aria-pressed", "true"));
    expect(statusButton("Reviewed")).toHaveAttribute("aria-pressed", "false");
    expect(patches).toEqual([{ status: "reviewed" }, { status: "unreviewed" }]);
  });

  it("keeps the status and says why when the server refuses the change", async () => {
    const { patches } = serve({ failPatch: "Transcript is locked" });
    renderWithProviders(<TranscriptReview />);
    await panel();
    fireEvent.click(statusButton("Unreviewed"));
    expect(await screen.findByText("Review not saved")).toBeInTheDocument();
    expect(screen.getByText("Transcript is locked")).toBeInTheDocument();
    expect(patches).toEqual([{ status: "unreviewed" }]);
    expect(statusButton("Needs attention")).toHaveAttribute("aria-pressed", "true");
    expect(statusButton("Unreviewed")).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByTestId("review-changed")).toHaveTextContent(`Last changed by Sam Lee on ${shown(4)}`);
  });

  it("assigns to me, to a colleague chosen by keyboard, and unassigns", async () => {
    const { patches } = serve();
    renderWithProviders(<TranscriptReview />);
    const review = await panel();
    // The colleagues offered leave out the one signed in and the one assigned; no name reads as the e-mail.
    await waitFor(() => expect(review.getByRole("combobox", { name: "Assign to a colleague" })).toBeInTheDocument());
    fireEvent.keyDown(review.getByRole("combobox", { name: "Assign to a colleague" }), { key: "Enter" });
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual(["kim@example.com"]);
    fireEvent.keyDown(screen.getByRole("option", { name: "kim@example.com" }), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("option")).not.toBeInTheDocument());

    fireEvent.click(review.getByRole("button", { name: "Assign to me" }));
    await waitFor(() => expect(review.getByTestId("review-assignee")).toHaveTextContent("Rita Moreno"));
    expect(review.queryByRole("button", { name: "Assign to me" })).not.toBeInTheDocument();

    await choose(review.getByRole("combobox", { name: "Assign to a colleague" }), "Sam Lee");
    await waitFor(() => expect(review.getByTestId("review-assignee")).toHaveTextContent("Sam Lee"));
    expect(review.getByRole("button", { name: "Assign to me" })).toBeInTheDocument();

    fireEvent.click(review.getByRole("button", { name: "Unassign" }));
    await waitFor(() => expect(review.getByTestId("review-assignee")).toHaveTextContent("Nobody"));
    expect(review.queryByRole("button", { name: "Unassign" })).not.toBeInTheDocument();
    expect(patches).toEqual([{ assigneeId: "u-rita" }, { assigneeId: "u-sam" }, { assigneeId: null }]);
  });

  it("adds a tag from those not on the transcript yet, by keyboard, and removes one", async () => {
    const { patches } = serve();
    renderWithProviders(<TranscriptReview />);
    const review = await panel();
    const chips = () => review.queryAllByTestId("tag-chip").map((chip) => chip.textContent);

    const add = await review.findByRole("combobox", { name: "Add a tag" });
    fireEvent.keyDown(add, { key: "Enter" });
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual(["Refund", "VIP"]);
    fireEvent.keyDown(screen.getByRole("option", { name: "Refund" }), { key: "Enter" });
    await waitFor(() => expect(chips()).toEqual(["Bug", "Refund"]));

    fireEvent.click(review.getByRole("button", { name: "Remove tag Bug" }));
    await waitFor(() => expect(chips()).toEqual(["Refund"]));
    expect(review.queryByRole("button", { name: "Remove tag Bug" })).not.toBeInTheDocument();
    expect(patches).toEqual([{ addTagIds: ["tag-refund"] }, { removeTagIds: ["tag-bug"] }]);

    fireEvent.keyDown(review.getByRole("combobox", { name: "Add a tag" }), { key: "Enter" });
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual(["Bug", "VIP"]);
  });

  it("offers no tag to add once the transcript carries every tag", async () => {
    serve({ review: { ...REVIEW, tags: TAGS } });
    renderWithProviders(<TranscriptReview />);
    const review = await panel();
    await waitFor(() => expect(review.getByRole("combobox", { name: "Assign to a colleague" })).toBeInTheDocument());
    expect(review.getAllByTestId("tag-chip").map((chip) => chip.textContent)).toEqual(["Bug", "Refund", "VIP"]);
    expect(review.queryByRole("combobox", { name: "Add a tag" })).not.toBeInTheDocument();
  });

  it("lets the author edit and delete their own note and no one else's", async () => {
    serve();
    renderWithProviders(<TranscriptReview />);
    await panel();
    const own = within(noteOf("Rita Moreno"));
    expect(own.getByRole("button", { name: "Edit note by Rita Moreno" })).toBeInTheDocument();
    expect(own.getByRole("button", { name: "Delete note by Rita Moreno" })).toBeInTheDocument();
    for (const other of ["Sam Lee", "Deleted user"]) {
      expect(within(noteOf(other)).queryByRole("button")).not.toBeInTheDocument();
    }
  });

  it("lets an administrator delete anyone's note but edit only their own", async () => {
    signInLocally({ id: "u-admin", email: "admin@example.com", name: "Ada Admin", isAdmin: true });
    const { noteCalls } = serve();
    renderWithProviders(<TranscriptReview />);
    await panel();
    for (const author of ["Rita Moreno", "Sam Lee", "Deleted user"]) {
      expect(within(noteOf(author)).getByRole("button", { name: `Delete note by ${author}` })).toBeInTheDocument();
      expect(within(noteOf(author)).queryByRole("button", { name: `Edit note by ${author}` })).not.toBeInTheDocument();
    }
    fireEvent.click(within(noteOf("Sam Lee")).getByRole("button", { name: "Delete note by Sam Lee" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this note?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete note" }));
    await waitFor(() =>
      expect(notes().map((el) => within(el).getByTestId("note-author").textContent)).toEqual(["Rita Moreno", "Deleted user"]),
    );
    expect(noteCalls).toEqual([{ method: "DELETE", path: "/api/transcript/t-1/notes/n-sam", body: undefined }]);
  });

  it("writes a note, which then shows with its author and time", async () => {
    const { noteCalls } = serve();
    renderWithProviders(<TranscriptReview />);
    const review = await panel();
    const add = review.getByRole("button", { name: "Add note" });
    const draft = review.getByRole("textbox", { name: "New note" });
    expect(add).toBeDisabled();
    fireEvent.change(draft, { target: { value: "   " } });
    expect(add).toBeDisabled();
    fireEvent.change(draft, { target: { value: "  Customer called back  " } });
    expect(add).toBeEnabled();
    fireEvent.click(add);

    await waitFor(() => expect(notes()).toHaveLength(4));
    expect(notes()[3]).toHaveTextContent(`Rita Moreno · ${shown(40)}Customer called back`);
    expect(within(notes()[3]).getByRole("button", { name: "Edit note by Rita Moreno" })).toBeInTheDocument();
    expect(review.getByRole("textbox", { name: "New note" })).toHaveValue("");
    expect(noteCalls).toEqual([{ method: "POST", path: "/api/transcript/t-1/notes", body: { body: "Customer called back" } }]);
  });

  it("edits an own note, which then shows as edited, and a cancelled edit changes nothing", async () => {
    const { noteCalls } = serve();
    renderWithProviders(<TranscriptReview />);
    await panel();
    fireEvent.click(within(noteOf("Rita Moreno")).getByRole("button", { name: "Edit note by Rita Moreno" }));
    const editor = within(noteOf("Rita Moreno")).getByRole("textbox", { name: "Edit note" });
    expect(editor).toHaveValue("Refund window quoted wrong");
    fireEvent.change(editor, { target: { value: "Nothing" } });
    fireEvent.click(within(noteOf("Rita Moreno")).getByRole("button", { name: "Cancel" }));
    expect(within(noteOf("Rita Moreno")).queryByRole("textbox")).not.toBeInTheDocument();
    expect(noteOf("Rita Moreno")).toHaveTextContent("Refund window quoted wrong");

    fireEvent.click(within(noteOf("Rita Moreno")).getByRole("button", { name: "Edit note by Rita Moreno" }));
    const again = within(noteOf("Rita Moreno")).getByRole("textbox", { name: "Edit note" });
    expect(again).toHaveValue("Refund window quoted wrong");
    // While editing, the edit button gives way to the form.
    expect(within(noteOf("Rita Moreno")).queryByRole("button", { name: "Edit note by Rita Moreno" })).not.toBeInTheDocument();
    fireEvent.change(again, { target: { value: " " } });
    expect(within(noteOf("Rita Moreno")).getByRole("button", { name: "Save" })).toBeDisabled();
    fireEvent.change(again, { target: { value: "Refund window is 30 days, not 14" } });
    fireEvent.click(within(noteOf("Rita Moreno")).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(noteOf("Rita Moreno")).toHaveTextContent(`Rita Moreno · ${shown(5)} · edited ${shown(45)}`));
    expect(noteOf("Rita Moreno")).toHaveTextContent("Refund window is 30 days, not 14");
    expect(within(noteOf("Rita Moreno")).queryByRole("textbox")).not.toBeInTheDocument();
    expect(noteCalls).toEqual([
      { method: "PATCH", path: "/api/transcript/t-1/notes/n-rita", body: { body: "Refund window is 30 days, not 14" } },
    ]);
  });

  it("sends nothing for an edit that leaves the note as it was, which then does not show as edited", async () => {
    const { noteCalls } = serve();
    renderWithProviders(<TranscriptReview />);
    await panel();
    fireEvent.click(within(noteOf("Rita Moreno")).getByRole("button", { name: "Edit note by Rita Moreno" }));
    const editor = within(noteOf("Rita Moreno")).getByRole("textbox", { name: "Edit note" });
    const save = within(noteOf("Rita Moreno")).getByRole("button", { name: "Save" });
    expect(save).toBeDisabled();
    // The server trims the body: spaces around it change nothing either.
    fireEvent.change(editor, { target: { value: "  Refund window quoted wrong \n" } });
    expect(save).toBeDisabled();
    fireEvent.change(editor, { target: { value: "Refund window quoted wrong!" } });
    expect(save).toBeEnabled();
    fireEvent.change(editor, { target: { value: "Refund window quoted wrong" } });
    expect(save).toBeDisabled();
    // Submitted anyway (a form submits without its button), the edit just closes.
    fireEvent.submit(editor.closest("form")!);
    expect(within(noteOf("Rita Moreno")).queryByRole("textbox")).not.toBeInTheDocument();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(noteCalls).toEqual([]);
    expect(noteOf("Rita Moreno")).toHaveTextContent(`Rita Moreno · ${shown(5)}Refund window quoted wrong`);
    expect(noteOf("Rita Moreno")).not.toHaveTextContent("edited");
  });

  it("deletes an own note only once confirmed; the question opens on Cancel and Escape leaves the note", async () => {
    const { noteCalls } = serve();
    renderWithProviders(<TranscriptReview />);
    await panel();
    fireEvent.click(within(noteOf("Rita Moreno")).getByRole("button", { name: "Delete note by Rita Moreno" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete this note?" });
    expect(dialog).toHaveTextContent("The note is removed for everyone.");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus());
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(notes()).toHaveLength(3);
    expect(noteCalls).toEqual([]);

    fireEvent.click(within(noteOf("Rita Moreno")).getByRole("button", { name: "Delete note by Rita Moreno" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete note" }));
    await waitFor(() => expect(notes()).toHaveLength(2));
    expect(screen.queryByText("Refund window quoted wrong")).not.toBeInTheDocument();
    expect(noteCalls).toEqual([{ method: "DELETE", path: "/api/transcript/t-1/notes/n-rita", body: undefined }]);
  });
});
