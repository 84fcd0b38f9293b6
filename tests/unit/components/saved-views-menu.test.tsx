// Saved views: the dashboard's current query saved under a name, private or shared with
// everyone; the menu lists the user's own views and those shared with them, shows one on a pick,
// and deletes those the user may delete, from the keyboard too, once confirmed.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SavedViewsMenu } from "@/components/review/saved-views-menu";
import { clearToasts } from "@/components/ui/toast-store";
import type { PersonRef, SavedViewItem } from "@/lib/schemas/review";
import { fakeResponse, renderWithProviders, signInLocally } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/dashboard" }));

const RITA: PersonRef = { id: "u-rita", email: "rita@example.com", name: "Rita Moreno" };
const SAM: PersonRef = { id: "u-sam", email: "sam@example.com", name: "Sam Lee" };
const CURRENT = "startTime=2025-03-01T00%3A00%3A00.000Z&endTime=2025-03-31T23%3A59%3A59.999Z&status=needs_attention&tag=tag-bug";

const view = (id: string, name: string, overrides: Partial<SavedViewItem> = {}): SavedViewItem => ({
  id,
  name,
  shared: false,
  query: `status=${id}`,
  owner: RITA,
  canDelete: true,
  createdAt: new Date(2025, 2, 5, 15, 4).toISOString(),
  ...overrides,
});

const VIEWS = [
  view("v-mine", "My open items"),
  view("v-team", "Team escalations", { shared: true }),
  view("v-sam", "Sam's refunds", { shared: true, owner: SAM, canDelete: false, query: "tag=tag-refund" }),
];

/** A fake /api/views over an in-memory list: GET, POST and DELETE. */
function serve({
  initial = VIEWS,
  list,
  save,
}: { initial?: SavedViewItem[]; list?: { status: number; body: unknown }; save?: { status: number; body: unknown } } = {}) {
  let views = [...initial];
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? "GET";
    const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
    if (!url.startsWith("/api/views")) return fakeResponse({ status: 404, body: { message: "Not found" } });
    if (method !== "GET") calls.push({ method, url, body });
    if (method === "GET") return fakeResponse(list ?? { body: views });
    if (method === "POST") {
      if (save) return fakeResponse(save);
      const created = view(`v-new-${views.length}`, body.name, { shared: body.shared, query: body.query });
      views = [...views, created];
      return fakeResponse({ status: 201, body: created });
    }
    if (method === "DELETE") {
      views = views.filter((one) => `/api/views/${encodeURIComponent(one.id)}` !== url);
      return fakeResponse({ body: { ok: true } });
    }
    return fakeResponse({ status: 405, body: { message: "Method not allowed" } });
  });
  (globalThis as { fetch: unknown }).fetch = fetch;
  return { fetch, calls };
}

async function openMenu() {
  fireEvent.keyDown(screen.getByRole("button", { name: "Saved views" }), { key: "Enter" });
  return screen.findByRole("menu");
}

const isDeleteItem = (item: HTMLElement) => item.getAttribute("aria-label")?.startsWith("Delete view ") === true;

/** The views' items of the menu, once loaded. */
async function viewItems(menu: HTMLElement) {
  await waitFor(() => expect(within(menu).queryByText("Loading...")).not.toBeInTheDocument());
  return within(menu)
    .getAllByRole("menuitem")
    .slice(1)
    .filter((item) => !isDeleteItem(item));
}

/** The views the menu lists, as "name" or "name (Shared)", once loaded: an item's first line is its name, the second its dates. */
async function listed(menu: HTMLElement) {
  return (await viewItems(menu)).map((item) => {
    const name = item.firstElementChild?.firstElementChild?.textContent;
    return item.lastElementChild?.textContent === "Shared" ? `${name} (Shared)` : name;
  });
}

async function saveView(name: string, { share = false }: { share?: boolean } = {}) {
  const menu = await openMenu();
  fireEvent.keyDown(within(menu).getByRole("menuitem", { name: "Save current view..." }), { key: "Enter" });
  const dialog = await screen.findByRole("dialog", { name: "Save current view" });
  fireEvent.change(within(dialog).getByRole("textbox", { name: "Name" }), { target: { value: name } });
  if (share) fireEvent.click(within(dialog).getByRole("checkbox", { name: "Share with everyone" }));
  fireEvent.click(within(dialog).getByRole("button", { name: "Save view" }));
  return dialog;
}

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ id: "u-rita", email: "rita@example.com", name: "Rita Moreno" });
});

describe("SavedViewsMenu", () => {
  it("shows the dates each view opens on: the last N days of a quick range, else its fixed dates", async () => {
    serve({
      initial: [
        view("v-week", "This week", { query: "range=7d&status=reviewed" }),
        view("v-march", "March", { query: "startTime=2025-03-01T12:00:00.000Z&endTime=2025-03-31T12:00:00.000Z" }),
      ],
    });
    renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={jest.fn()} />);
    const items = await viewItems(await openMenu());
    expect(items.map((item) => item.firstElementChild?.lastElementChild?.textContent)).toEqual([
      "Last 7 days",
      "Mar 1, 2025 – Mar 31, 2025",
    ]);
  });

  it("lists own and shared views, marks the shared ones, and offers delete only where allowed", async () => {
    serve();
    renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={jest.fn()} />);
    const menu = await openMenu();
    expect(within(menu).getAllByRole("menuitem")[0]).toHaveTextContent("Save current view...");
    expect(await listed(menu)).toEqual(["My open items", "Team escalations (Shared)", "Sam's refunds (Shared)"]);
    expect(within(menu).getByRole("menuitem", { name: "Delete view My open items" })).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Delete view Team escalations" })).toBeInTheDocument();
    expect(within(menu).queryByRole("menuitem", { name: "Delete view Sam's refunds" })).not.toBeInTheDocument();
  });

  it("reaches a view's delete with the arrow keys, right after the view", async () => {
    serve();
    renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={jest.fn()} />);
    const menu = await openMenu();
    await listed(menu);
    const item = (name: string | RegExp) => within(menu).getByRole("menuitem", { name });
    const down = () => fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    await waitFor(() => expect(item("Save current view...")).toHaveFocus());
    const order: (string | RegExp)[] = [
      /^My open items/,
      "Delete view My open items",
      /^Team escalations/,
      "Delete view Team escalations",
      /^Sam's refunds/,
    ];
    for (const name of order) {
      down();
      await waitFor(() => expect(item(name)).toHaveFocus());
    }
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    await waitFor(() => expect(item("Delete view Team escalations")).toHaveFocus());
    fireEvent.keyDown(document.activeElement!, { key: "Enter" });
    expect(await screen.findByRole("alertdialog", { name: "Delete the view Team escalations?" })).toBeInTheDocument();
  });

  it("shows a view's query on a pick made by keyboard", async () => {
    serve();
    const onApply = jest.fn();
    renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={onApply} />);
    const menu = await openMenu();
    await listed(menu);
    fireEvent.keyDown(within(menu).getByRole("menuitem", { name: /Sam's refunds/ }), { key: "Enter" });
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenCalledWith("tag=tag-refund");
    await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
  });

  it("says when there are no views yet, and why the list could not be read", async () => {
    serve({ initial: [] });
    const { unmount } = renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={jest.fn()} />);
    const menu = await openMenu();
    expect(await within(menu).findByText("No saved views yet")).toBeInTheDocument();
    expect(await listed(menu)).toEqual([]);
    unmount();

    serve({ list: { status: 500, body: { message: "Database unavailable" } } });
    renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={jest.fn()} />);
    const failed = await openMenu();
    expect(await within(failed).findByText("Database unavailable")).toBeInTheDocument();
    expect(within(failed).queryByText("No saved views yet")).not.toBeInTheDocument();
  });

  it("saves the current query as a private view under a trimmed name, and then lists it", async () => {
    const { calls } = serve();
    renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={jest.fn()} />);
    const menu = await openMenu();
    fireEvent.keyDown(within(menu).getByRole("menuitem", { name: "Save current view..." }), { key: "Enter" });
    const dialog = await screen.findByRole("dialog", { name: "Save current view" });
    expect(dialog).toHaveTextContent("The dates, search and every filter, under a name.");
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(dialog).getByRole("checkbox", { name: "Share with everyone" })).not.toBeChecked();
    const save = within(dialog).getByRole("button", { name: "Save view" });
    expect(save).toBeDisabled();
    fireEvent.change(name, { target: { value: "   " } });
    expect(save).toBeDisabled();
    fireEvent.submit(name.closest("form")!);
    expect(calls).toEqual([]);

    fireEvent.change(name, { target: { value: "  Attention this month  " } });
    expect(save).toBeEnabled();
    // Enter in the name field submits the form.
    fireEvent.submit(name.closest("form")!);
    expect(await screen.findByText("View saved")).toBeInTheDocument();
    expect(screen.getByText("Attention this month")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toEqual([{ method: "POST", url: "/api/views", body: { name: "Attention this month", shared: false, query: CURRENT } }]);

    expect(await listed(await openMenu())).toEqual([
      "My open items",
      "Team escalations (Shared)",
      "Sam's refunds (Shared)",
      "Attention this month",
    ]);
  });

  it("saves a view shared with everyone, and the next one starts private again", async () => {
    const { calls } = serve({ initial: [] });
    renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={jest.fn()} />);
    await saveView("Team queue", { share: true });
    expect(await screen.findByText("View saved")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toEqual([{ method: "POST", url: "/api/views", body: { name: "Team queue", shared: true, query: CURRENT } }]);
    expect(await listed(await openMenu())).toEqual(["Team queue (Shared)"]);

    fireEvent.keyDown(screen.getByRole("menuitem", { name: "Save current view..." }), { key: "Enter" });
    const dialog = await screen.findByRole("dialog", { name: "Save current view" });
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveValue("");
    expect(within(dialog).getByRole("checkbox", { name: "Share with everyone" })).not.toBeChecked();
  });

  it("keeps the form and says why when the server refuses the view", async () => {
    const { calls } = serve({ save: { status: 400, body: { message: "name: is too long" } } });
    renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={jest.fn()} />);
    const dialog = await saveView("Refused");
    expect(await screen.findByText("View not saved")).toBeInTheDocument();
    expect(screen.getByText("name: is too long")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Save current view" })).toBe(dialog);
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveValue("Refused");
    expect(calls).toHaveLength(1);
  });

  it("deletes a view only once confirmed, naming it and saying when it is shared with everyone", async () => {
    const { calls } = serve();
    renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={jest.fn()} />);
    const askToDelete = async (name: string) => {
      const menu = await openMenu();
      await listed(menu);
      fireEvent.keyDown(within(menu).getByRole("menuitem", { name: `Delete view ${name}` }), { key: "Enter" });
      const dialog = await screen.findByRole("alertdialog", { name: `Delete the view ${name}?` });
      await waitFor(() => expect(screen.queryByRole("menu")).not.toBeInTheDocument());
      return dialog;
    };

    const shared = await askToDelete("Team escalations");
    expect(shared).toHaveTextContent("It is shared with everyone: it leaves everyone's saved views.");
    await waitFor(() => expect(within(shared).getByRole("button", { name: "Cancel" })).toHaveFocus());
    fireEvent.keyDown(shared, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    // The focus goes back to the menu's button, not to the start of the page.
    await waitFor(() => expect(screen.getByRole("button", { name: "Saved views" })).toHaveFocus());

    const own = await askToDelete("My open items");
    expect(own).toHaveTextContent("It leaves your saved views.");
    expect(own).not.toHaveTextContent("shared");
    fireEvent.click(within(own).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(within(await askToDelete("Team escalations")).getByRole("button", { name: "Delete view" }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls).toEqual([{ method: "DELETE", url: "/api/views/v-team", body: undefined }]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Saved views" })).toHaveFocus());
    expect(await listed(await openMenu())).toEqual(["My open items", "Sam's refunds (Shared)"]);
  });

  it("keeps a view and says why when the server refuses to delete it", async () => {
    const { fetch } = serve();
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) =>
      init.method === "DELETE"
        ? fakeResponse({ status: 403, body: { message: "Only its owner may delete this view" } })
        : answer(input, init),
    );
    renderWithProviders(<SavedViewsMenu currentQuery={CURRENT} onApply={jest.fn()} />);
    const menu = await openMenu();
    await listed(menu);
    fireEvent.keyDown(within(menu).getByRole("menuitem", { name: "Delete view My open items" }), { key: "Enter" });
    const dialog = await screen.findByRole("alertdialog", { name: "Delete the view My open items?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete view" }));
    expect(await screen.findByText("View not deleted")).toBeInTheDocument();
    expect(screen.getByText("Only its owner may delete this view")).toBeInTheDocument();
    // The view is still there.
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(await listed(await openMenu())).toEqual(["My open items", "Team escalations (Shared)", "Sam's refunds (Shared)"]);
  });
});
