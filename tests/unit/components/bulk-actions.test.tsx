// Bulk actions on every transcript of the list's filter. The confirmation names the count
// shown; when the server refuses because the set changed since (409 with the new count), it asks
// again with the new count; a large set shows that it is being applied until the server answers.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { BulkActions, bulkConfirmTitle } from "@/components/review/bulk-actions";
import { clearToasts } from "@/components/ui/toast-store";
import type { BulkFilter } from "@/lib/queries/review";
import type { PersonRef, TagItem } from "@/lib/schemas/review";
import { fakeResponse, renderWithProviders, signInLocally, type FakeResponseInit } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/dashboard" }));

const RITA: PersonRef = { id: "u-rita", email: "rita@example.com", name: "Rita Moreno" };
const SAM: PersonRef = { id: "u-sam", email: "sam@example.com", name: "Sam Lee" };
const KIM: PersonRef = { id: "u-kim", email: "kim@example.com", name: null };
const TAGS: TagItem[] = [
  { id: "tag-bug", name: "Bug", color: "#ef4444" },
  { id: "tag-vip", name: "VIP", color: "#6366f1" },
];

const FILTER: BulkFilter = {
  startTime: "2025-03-01T00:00:00.000Z",
  endTime: "2025-03-31T23:59:59.999Z",
  status: "unreviewed",
  tag: ["tag-bug", "tag-vip"],
};

/**
 * A fake POST /api/transcripts/bulk answering each call with the next of `answers` (the last
 * repeats); an answer that is a function waits for the test to let it through.
 */
function serve(answers: (FakeResponseInit | (() => Promise<FakeResponseInit>))[] = [{ body: { matched: 1234, changed: 1200 } }]) {
  const posts: unknown[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url === "/api/tags") return fakeResponse({ body: TAGS });
    if (url === "/api/people") return fakeResponse({ body: [RITA, SAM, KIM] });
    if (url === "/api/transcripts/bulk" && init.method === "POST") {
      posts.push(JSON.parse(String(init.body)));
      const answer = answers[Math.min(posts.length - 1, answers.length - 1)];
      return fakeResponse(typeof answer === "function" ? await answer() : answer);
    }
    return fakeResponse({ status: 404, body: { message: "Not found" } });
  });
  (globalThis as { fetch: unknown }).fetch = fetch;
  return { fetch, posts };
}

/** Opens the menu and picks an action, by keyboard as a user without a mouse would. */
async function pick(action: string) {
  const trigger = screen.getByRole("button", { name: "Bulk actions" });
  trigger.focus();
  fireEvent.keyDown(trigger, { key: "Enter" });
  const item = await screen.findByRole("menuitem", { name: action });
  fireEvent.keyDown(item, { key: "Enter" });
  return screen.findByRole("dialog");
}

const applyButton = (dialog: HTMLElement) => within(dialog).getByRole("button", { name: /^Apply to / });

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ id: "u-rita", email: "rita@example.com", name: "Rita Moreno" });
});

describe("bulkConfirmTitle", () => {
  it("names the count, with separators, and the one transcript as such", () => {
    expect(bulkConfirmTitle("Mark reviewed", 1234)).toBe("Mark reviewed: all 1,234 matching transcripts?");
    expect(bulkConfirmTitle("Unassign", 1)).toBe("Unassign: the one matching transcript?");
    expect(bulkConfirmTitle("Add tag Bug", 0)).toBe("Add tag Bug: all 0 matching transcripts?");
  });
});

describe("BulkActions", () => {
  it("cannot be opened on an empty list", () => {
    serve();
    renderWithProviders(<BulkActions filter={FILTER} total={0} />);
    expect(screen.getByRole("button", { name: "Bulk actions" })).toBeDisabled();
  });

  it("lists, for all N matching, the statuses, me, each colleague, unassign and each tag to add or remove", async () => {
    serve();
    renderWithProviders(<BulkActions filter={FILTER} total={1234} />);
    fireEvent.keyDown(screen.getByRole("button", { name: "Bulk actions" }), { key: "Enter" });
    const menu = await screen.findByRole("menu");
    expect(menu).toHaveTextContent(/^All 1,234 matching/);
    await waitFor(() => expect(within(menu).getByRole("menuitem", { name: "Remove tag VIP" })).toBeInTheDocument());
    await waitFor(() => expect(within(menu).getByRole("menuitem", { name: "Assign to Sam Lee" })).toBeInTheDocument());
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Mark unreviewed",
      "Mark reviewed",
      "Mark needs attention",
      "Assign to me",
      "Assign to Sam Lee",
      "Assign to kim@example.com",
      "Unassign",
      "Add tag by name...",
      "Add tag Bug",
      "Add tag VIP",
      "Remove tag Bug",
      "Remove tag VIP",
    ]);
  });

  it("confirms with the count, applies to the list's filter with the count seen, and reports what changed", async () => {
    const { posts } = serve();
    renderWithProviders(<BulkActions filter={FILTER} total={1234} />);
    const dialog = await pick("Mark reviewed");
    expect(dialog).toHaveAccessibleName("Mark reviewed: all 1,234 matching transcripts?");
    expect(dialog).toHaveTextContent("Every transcript of the current filter, on every page, changes.");
    expect(within(dialog).queryByTestId("bulk-changed")).not.toBeInTheDocument();
    expect(applyButton(dialog)).toHaveTextContent("Apply to 1,234");
    expect(posts).toEqual([]);

    fireEvent.click(applyButton(dialog));
    expect(await screen.findByText("Bulk action done")).toBeInTheDocument();
    expect(screen.getByText("1,200 of 1,234 transcripts changed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts).toEqual([{ filter: FILTER, action: { status: "reviewed" }, expectedCount: 1234 }]);
  });

  it.each([
    ["Mark needs attention", { status: "needs_attention" }],
    ["Mark unreviewed", { status: "unreviewed" }],
    ["Assign to me", { assigneeId: "u-rita" }],
    ["Assign to kim@example.com", { assigneeId: "u-kim" }],
    ["Unassign", { assigneeId: null }],
    ["Add tag Bug", { addTagIds: ["tag-bug"] }],
    ["Remove tag VIP", { removeTagIds: ["tag-vip"] }],
  ])("%s sends %p", async (label, action) => {
    const { posts } = serve([{ body: { matched: 7, changed: 7 } }]);
    renderWithProviders(<BulkActions filter={FILTER} total={7} />);
    // The colleagues and tags arrive after the menu's first items; the pick waits for them.
    const dialog = await pick(label);
    expect(dialog).toHaveAccessibleName(`${label}: all 7 matching transcripts?`);
    fireEvent.click(applyButton(dialog));
    expect(await screen.findByText("7 of 7 transcripts changed")).toBeInTheDocument();
    expect(posts).toEqual([{ filter: FILTER, action, expectedCount: 7 }]);
  });

  it("names the one transcript when only one matches", async () => {
    serve();
    renderWithProviders(<BulkActions filter={FILTER} total={1} />);
    const dialog = await pick("Unassign");
    expect(dialog).toHaveAccessibleName("Unassign: the one matching transcript?");
    expect(applyButton(dialog)).toHaveTextContent("Apply to 1");
  });

  it("changes nothing when cancelled", async () => {
    const { posts } = serve();
    renderWithProviders(<BulkActions filter={FILTER} total={1234} />);
    const dialog = await pick("Mark reviewed");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const again = await pick("Mark reviewed");
    fireEvent.keyDown(again, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts).toEqual([]);
  });

  it("asks again with the new count when the list changed since it was counted", async () => {
    const { posts } = serve([
      { status: 409, body: { message: "The filter matches 1240 transcripts, not 1234", matched: 1240 } },
      { body: { matched: 1240, changed: 1240 } },
    ]);
    renderWithProviders(<BulkActions filter={FILTER} total={1234} />);
    const dialog = await pick("Mark reviewed");
    fireEvent.click(applyButton(dialog));

    expect(await within(dialog).findByTestId("bulk-changed")).toHaveTextContent(
      "The list changed since it was counted: 1,240 transcripts match now. Confirm again to apply to them.",
    );
    expect(within(dialog).getByRole("alert")).toBe(within(dialog).getByTestId("bulk-changed"));
    expect(dialog).toHaveAccessibleName("Mark reviewed: all 1,240 matching transcripts?");
    expect(applyButton(dialog)).toHaveTextContent("Apply to 1,240");
    expect(screen.queryByText("Bulk action done")).not.toBeInTheDocument();
    expect(screen.queryByText("Bulk action failed")).not.toBeInTheDocument();

    fireEvent.click(applyButton(dialog));
    expect(await screen.findByText("1,240 of 1,240 transcripts changed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts).toEqual([
      { filter: FILTER, action: { status: "reviewed" }, expectedCount: 1234 },
      { filter: FILTER, action: { status: "reviewed" }, expectedCount: 1240 },
    ]);
  });

  it("starts again from the list's count, without the warning, on the next action", async () => {
    serve([{ status: 409, body: { message: "changed", matched: 1240 } }]);
    renderWithProviders(<BulkActions filter={FILTER} total={1234} />);
    const dialog = await pick("Mark reviewed");
    fireEvent.click(applyButton(dialog));
    await within(dialog).findByTestId("bulk-changed");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    const next = await pick("Add tag Bug");
    expect(next).toHaveAccessibleName("Add tag Bug: all 1,234 matching transcripts?");
    expect(within(next).queryByTestId("bulk-changed")).not.toBeInTheDocument();
  });

  it("shows that a large set is being applied, and cannot be left or sent twice until the server answers", async () => {
    let release: (answer: FakeResponseInit) => void = () => undefined;
    const { posts } = serve([() => new Promise<FakeResponseInit>((resolve) => (release = resolve))]);
    renderWithProviders(<BulkActions filter={FILTER} total={25000} />);
    const dialog = await pick("Add tag VIP");
    expect(dialog).toHaveAccessibleName("Add tag VIP: all 25,000 matching transcripts?");
    fireEvent.click(applyButton(dialog));

    expect(await within(dialog).findByRole("status")).toHaveTextContent("Applying to 25,000 transcripts...");
    expect(applyButton(dialog)).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeDisabled();
    fireEvent.keyDown(dialog, { key: "Escape" });
    fireEvent.click(applyButton(dialog));
    expect(screen.getByRole("dialog")).toBe(dialog);
    expect(posts).toHaveLength(1);

    await act(async () => release({ body: { matched: 25000, changed: 24990 } }));
    expect(await screen.findByText("24,990 of 25,000 transcripts changed")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(posts).toEqual([{ filter: FILTER, action: { addTagIds: ["tag-vip"] }, expectedCount: 25000 }]);
  });

  it("shows the server's message when the action fails, and a refusal without a new count as a failure", async () => {
    serve([
      { status: 500, body: { message: "Database unavailable" } },
      { status: 409, body: "" },
    ]);
    renderWithProviders(<BulkActions filter={FILTER} total={12} />);
    const dialog = await pick("Mark reviewed");
    fireEvent.click(applyButton(dialog));
    expect(await screen.findByText("Bulk action failed")).toBeInTheDocument();
    expect(screen.getByText("Database unavailable")).toBeInTheDocument();
    expect(screen.queryByText("Bulk action done")).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId("bulk-changed")).not.toBeInTheDocument();
    await waitFor(() => expect(applyButton(dialog)).toBeEnabled());

    act(() => clearToasts());
    fireEvent.click(applyButton(dialog));
    expect(await screen.findByText("Bulk action failed")).toBeInTheDocument();
    expect(screen.getByText("The list changed")).toBeInTheDocument();
    expect(within(dialog).queryByTestId("bulk-changed")).not.toBeInTheDocument();
    expect(applyButton(dialog)).toHaveTextContent("Apply to 12");
  });
});
