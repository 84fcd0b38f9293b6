// Administrators: the review tags: create one with a name and a colour, rename or
// recolour one, delete one after a confirmation; the server's refusals are shown.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { TagsAdmin } from "@/components/review/tags-admin";
import { clearToasts } from "@/components/ui/toast-store";
import type { TagItem } from "@/lib/schemas/review";
import { fakeResponse, renderWithProviders, signInLocally, type FakeResponseInit } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/admin/tags" }));

const TAGS: TagItem[] = [
  { id: "tag-bug", name: "Bug", color: "#ef4444" },
  { id: "tag-vip", name: "VIP", color: "#6366f1" },
];

type Refusals = Partial<Record<"GET" | "POST" | "PATCH" | "DELETE", FakeResponseInit>>;

/** A fake /api/tags over an in-memory list, by name, as the server keeps it; `refuse` answers a method instead. */
function serve({ initial = TAGS, refuse = {} }: { initial?: TagItem[]; refuse?: Refusals } = {}) {
  let tags = [...initial];
  const calls: { method: string; url: string; body?: unknown }[] = [];
  const sorted = () => [...tags].sort((a, b) => a.name.localeCompare(b.name));
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? "GET") as keyof Refusals;
    const body = init.body === undefined ? undefined : JSON.parse(String(init.body));
    if (!url.startsWith("/api/tags")) return fakeResponse({ status: 404, body: { message: "Not found" } });
    if (method !== "GET") calls.push({ method, url, body });
    if (refuse[method]) return fakeResponse(refuse[method]);
    const id = decodeURIComponent(url.split("/")[3] ?? "");
    if (method === "GET") return fakeResponse({ body: sorted() });
    if (method === "POST") {
      const created = { id: `tag-${tags.length + 1}`, ...body };
      tags = [...tags, created];
      return fakeResponse({ status: 201, body: created });
    }
    if (method === "PATCH") {
      tags = tags.map((tag) => (tag.id === id ? { ...tag, ...body } : tag));
      return fakeResponse({ body: tags.find((tag) => tag.id === id) });
    }
    tags = tags.filter((tag) => tag.id !== id);
    return fakeResponse({ body: { ok: true } });
  });
  (globalThis as { fetch: unknown }).fetch = fetch;
  return { fetch, calls };
}

const newTagForm = () => within(screen.getByRole("button", { name: /^Create/ }).closest("form")!);
const rows = () => screen.queryAllByTestId("tag-row");
const row = (name: string) => within(rows().find((el) => within(el).getByTestId("tag-chip").textContent === name)!);
const names = () => rows().map((el) => within(el).getByTestId("tag-chip").textContent);

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ id: "u-admin", email: "admin@example.com", isAdmin: true });
});

describe("TagsAdmin", () => {
  it("shows the tags by name, each with its name and colour to change, after a loading state", async () => {
    serve();
    renderWithProviders(<TagsAdmin />);
    expect(screen.getByRole("heading", { level: 1, name: "Tags" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
    expect(screen.getByLabelText("Loading tags")).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(["Bug", "VIP"]));
    expect(screen.queryByLabelText("Loading tags")).not.toBeInTheDocument();
    expect(row("Bug").getByRole("textbox", { name: "Name of tag Bug" })).toHaveValue("Bug");
    expect(row("Bug").getByLabelText("Colour of tag Bug")).toHaveValue("#ef4444");
    expect(row("VIP").getByLabelText("Colour of tag VIP")).toHaveValue("#6366f1");
    // Nothing changed yet: nothing to save.
    expect(row("Bug").getByRole("button", { name: "Save" })).toBeDisabled();
    expect(row("VIP").getByRole("button", { name: "Save" })).toBeDisabled();
  });

  it("says when there are no tags yet, and why the tags could not be read", async () => {
    serve({ initial: [] });
    const { unmount } = renderWithProviders(<TagsAdmin />);
    expect(await screen.findByText("No tags yet. Create the first one above.")).toBeInTheDocument();
    unmount();

    serve({ refuse: { GET: { status: 500, body: { message: "Database unavailable" } } } });
    renderWithProviders(<TagsAdmin />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Database unavailable");
    expect(rows()).toHaveLength(0);
  });

  it("creates a tag under a trimmed name with the chosen colour, which then joins the list", async () => {
    const { calls } = serve();
    renderWithProviders(<TagsAdmin />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const form = newTagForm();
    const create = form.getByRole("button", { name: "Create tag" });
    expect(form.getByLabelText("Colour")).toHaveValue("#6366f1");
    expect(create).toBeDisabled();
    fireEvent.change(form.getByRole("textbox", { name: "Name" }), { target: { value: "   " } });
    expect(create).toBeDisabled();
    fireEvent.submit(create.closest("form")!);
    expect(calls).toEqual([]);

    fireEvent.change(form.getByRole("textbox", { name: "Name" }), { target: { value: "  Escalated " } });
    fireEvent.input(form.getByLabelText("Colour"), { target: { value: "#10b981" } });
    expect(create).toBeEnabled();
    fireEvent.click(create);
    expect(await screen.findByText("Tag created")).toBeInTheDocument();
    await waitFor(() => expect(names()).toEqual(["Bug", "Escalated", "VIP"]));
    expect(form.getByRole("textbox", { name: "Name" })).toHaveValue("");
    expect(row("Escalated").getByLabelText("Colour of tag Escalated")).toHaveValue("#10b981");
    expect(calls).toEqual([{ method: "POST", url: "/api/tags", body: { name: "Escalated", color: "#10b981" } }]);
  });

  it("keeps the name and says why when the server refuses a new tag", async () => {
    serve({ refuse: { POST: { status: 409, body: { message: "A tag named Bug already exists" } } } });
    renderWithProviders(<TagsAdmin />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(newTagForm().getByRole("textbox", { name: "Name" }), { target: { value: "bug" } });
    fireEvent.click(newTagForm().getByRole("button", { name: "Create tag" }));
    expect(await screen.findByText("Tag not created")).toBeInTheDocument();
    expect(screen.getByText("A tag named Bug already exists")).toBeInTheDocument();
    expect(newTagForm().getByRole("textbox", { name: "Name" })).toHaveValue("bug");
    expect(names()).toEqual(["Bug", "VIP"]);
  });

  it("renames a tag, sending only the name, and recolours one, sending only the colour", async () => {
    const { calls } = serve();
    renderWithProviders(<TagsAdmin />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const name = row("Bug").getByRole("textbox", { name: "Name of tag Bug" });
    fireEvent.change(name, { target: { value: "  " } });
    expect(row("Bug").getByRole("button", { name: "Save" })).toBeDisabled();
    // The same name, padded, is no change.
    fireEvent.change(name, { target: { value: " Bug " } });
    expect(row("Bug").getByRole("button", { name: "Save" })).toBeDisabled();
    fireEvent.change(name, { target: { value: "Defect " } });
    expect(row("Bug").getByRole("button", { name: "Save" })).toBeEnabled();
    fireEvent.submit(name.closest("form")!);
    await waitFor(() => expect(names()).toEqual(["Defect", "VIP"]));
    expect(row("Defect").getByRole("button", { name: "Save" })).toBeDisabled();

    fireEvent.input(row("VIP").getByLabelText("Colour of tag VIP"), { target: { value: "#f59e0b" } });
    fireEvent.click(row("VIP").getByRole("button", { name: "Save" }));
    await waitFor(() => expect(row("VIP").getByRole("button", { name: "Save" })).toBeDisabled());
    expect(row("VIP").getByLabelText("Colour of tag VIP")).toHaveValue("#f59e0b");
    expect(calls).toEqual([
      { method: "PATCH", url: "/api/tags/tag-bug", body: { name: "Defect" } },
      { method: "PATCH", url: "/api/tags/tag-vip", body: { color: "#f59e0b" } },
    ]);
  });

  it("says why when the server refuses a rename", async () => {
    serve({ refuse: { PATCH: { status: 409, body: { message: "A tag named VIP already exists" } } } });
    renderWithProviders(<TagsAdmin />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.change(row("Bug").getByRole("textbox", { name: "Name of tag Bug" }), { target: { value: "VIP" } });
    fireEvent.click(row("Bug").getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Tag not saved")).toBeInTheDocument();
    expect(screen.getByText("A tag named VIP already exists")).toBeInTheDocument();
    expect(names()).toEqual(["Bug", "VIP"]);
  });

  it("deletes a tag only once confirmed, saying that every transcript loses it", async () => {
    const { calls } = serve();
    renderWithProviders(<TagsAdmin />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Delete tag Bug" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete the tag Bug?" });
    expect(dialog).toHaveTextContent("It is removed from every transcript that carries it.");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Delete tag Bug" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete tag" }));
    await waitFor(() => expect(names()).toEqual(["VIP"]));
    expect(calls).toEqual([{ method: "DELETE", url: "/api/tags/tag-bug", body: undefined }]);
  });

  it("keeps a tag and says why when the server refuses to delete it", async () => {
    serve({ refuse: { DELETE: { status: 500, body: { message: "Database unavailable" } } } });
    renderWithProviders(<TagsAdmin />);
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(screen.getByRole("button", { name: "Delete tag VIP" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete tag" }));
    expect(await screen.findByText("Tag not deleted")).toBeInTheDocument();
    expect(screen.getByText("Database unavailable")).toBeInTheDocument();
    expect(names()).toEqual(["Bug", "VIP"]);
  });
});
