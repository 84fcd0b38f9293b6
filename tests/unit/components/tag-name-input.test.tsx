// Tags where the work is: typing a tag's name offers the tags that hold it; a new name is offered to
// administrators to create (POST /api/tags, then picked), and other users learn that only
// administrators create tags; with no tags at all, the input says where tags come from.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { TagNameInput } from "@/components/review/tag-name-input";
import type { TagItem } from "@/lib/schemas/review";
import { fakeResponse, renderWithProviders, signInLocally } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/transcript/t-1" }));

const BUG: TagItem = { id: "tag-bug", name: "Bug", color: "#ef4444" };
const VIP: TagItem = { id: "tag-vip", name: "VIP", color: "#6366f1" };

/** A fake POST /api/tags that creates the tag it is sent. */
function serveTags() {
  const created: unknown[] = [];
  (globalThis as { fetch: unknown }).fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (String(input) === "/api/tags" && init.method === "POST") {
      const body = JSON.parse(String(init.body));
      created.push(body);
      return fakeResponse({ status: 201, body: { id: "tag-new", ...body } });
    }
    return fakeResponse({ body: [] });
  });
  return created;
}

const typeName = (text: string) => fireEvent.change(screen.getByRole("textbox", { name: "Tag by name" }), { target: { value: text } });

describe("TagNameInput", () => {
  it("offers the matching tags, and to an administrator a new name to create, which is then picked", async () => {
    signInLocally({ id: "u-admin", email: "admin@example.com", isAdmin: true });
    const created = serveTags();
    const onPick = jest.fn();
    renderWithProviders(<TagNameInput tags={[BUG, VIP]} allTags={[BUG, VIP]} onPick={onPick} />);
    typeName("b");
    expect(screen.getByRole("button", { name: "Add tag Bug" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create tag 'b'" })).toBeInTheDocument();
    typeName("bug");
    expect(screen.queryByRole("button", { name: /^Create tag/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Add tag Bug" }));
    expect(onPick).toHaveBeenLastCalledWith(BUG);

    typeName("  Escalate ");
    fireEvent.click(screen.getByRole("button", { name: "Create tag 'Escalate'" }));
    await waitFor(() => expect(onPick).toHaveBeenLastCalledWith({ id: "tag-new", name: "Escalate", color: "#6366f1" }));
    expect(created).toEqual([{ name: "Escalate", color: "#6366f1" }]);
    expect(screen.getByRole("textbox", { name: "Tag by name" })).toHaveValue("");
  });

  it("tells other users that only administrators create tags", () => {
    signInLocally({ id: "u-rita", email: "rita@example.com" });
    serveTags();
    renderWithProviders(<TagNameInput tags={[BUG]} allTags={[BUG]} onPick={jest.fn()} />);
    typeName("Escalate");
    expect(screen.queryByRole("button", { name: /^Create tag/ })).not.toBeInTheDocument();
    expect(screen.getByText("Only administrators create tags.")).toBeInTheDocument();
  });

  it.each([
    [true, "No tags yet: type a name to create the first one, or create tags in Admin › Tags."],
    [false, "No tags yet: administrators create them (Admin › Tags)."],
  ])("says where tags come from when there are none (administrator: %p)", (isAdmin, text) => {
    signInLocally({ id: "u-1", email: "one@example.com", isAdmin });
    serveTags();
    renderWithProviders(<TagNameInput tags={[]} allTags={[]} onPick={jest.fn()} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
