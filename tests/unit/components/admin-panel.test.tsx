import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AdminPanel } from "@/components/admin/admin-panel";
import { clearToasts } from "@/components/ui/toast-store";
import { renderWithProviders, signInLocally } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/admin" }));

interface User {
  id: string;
  email: string;
  name: string | null;
  approved: boolean;
  isAdmin: boolean;
  isActive: boolean;
  emailVerified: boolean;
  createdAt: string;
}

const make = (id: string, email: string, status: Partial<User> = {}): User => ({
  id,
  email,
  name: null,
  approved: true,
  isAdmin: false,
  isActive: true,
  emailVerified: true,
  createdAt: new Date(2025, 2, 5, 15, 4).toISOString(),
  ...status,
});

function server(initial: User[], { failApprove = false, holdActions = false } = {}) {
  let users = [...initial];
  const release: Array<() => void> = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const respond = (status: number, body: unknown) =>
      ({ ok: status < 300, status, statusText: "", text: async () => JSON.stringify(body), json: async () => body }) as Response;
    if (url === "/api/admin/pending-users")
      return respond(
        200,
        users.filter((u) => !u.approved),
      );
    if (url === "/api/admin/users") return respond(200, users);
    const match = url.match(/^\/api\/admin\/(approve-user|make-admin|revoke-access|restore-access|user)\/(.+)$/);
    if (!match) return respond(404, { message: "Not found" });
    if (holdActions) await new Promise<void>((resolve) => release.push(resolve));
    const [, action, id] = match;
    if (action === "approve-user" && failApprove) return respond(404, { message: "User not found" });
    if (init.method === "DELETE") users = users.filter((u) => u.id !== id);
    else
      users = users.map((u) =>
        u.id !== id
          ? u
          : action === "approve-user"
            ? { ...u, approved: true }
            : action === "make-admin"
              ? { ...u, isAdmin: true }
              : action === "revoke-access"
                ? { ...u, isActive: false }
                : { ...u, isActive: true },
      );
    return respond(200, users.find((u) => u.id === id) ?? { message: "User deleted" });
  });
  (globalThis as { fetch: unknown }).fetch = fetch;
  return { fetch, release: () => release.splice(0).forEach((resolve) => resolve()) };
}

const card = (email: string) => screen.getAllByTestId("user-card").find((el) => el.getAttribute("data-email") === email)!;
const buttonsOf = (email: string) =>
  within(card(email))
    .getAllByRole("button")
    .map((b) => b.textContent?.trim());

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ email: "root@example.com", isAdmin: true });
});

describe("AdminPanel", () => {
  const users = [
    make("root0000aaaa", "root@example.com", { isAdmin: true }),
    make("pend0000bbbb", "pending@example.com", { approved: false }),
    make("appr0000cccc", "approved@example.com"),
    make("revk0000dddd", "revoked@example.com", { isActive: false }),
  ];

  it("shows counts, the toggle, cards with badges, short ids, dates and the actions each state allows", async () => {
    server(users);
    renderWithProviders(<AdminPanel />);
    expect(screen.getByRole("heading", { name: "Admin Panel" })).toBeInTheDocument();
    expect(screen.getByText("Manage user access and approvals")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("count-Total Users")).toHaveTextContent("4"));
    expect(screen.getByTestId("count-Pending Approvals")).toHaveTextContent("1");
    expect(screen.getByTestId("count-Approved Users")).toHaveTextContent("3");
    expect(screen.getByRole("button", { name: "Pending (1)" })).toHaveAttribute("aria-pressed", "true");

    const pendingCard = card("pending@example.com");
    expect(within(pendingCard).getByText("Pending")).toBeInTheDocument();
    expect(within(pendingCard).getByText("pend0000")).toBeInTheDocument();
    expect(within(pendingCard).getByText("Mar 5, 2025, 3:04 PM")).toBeInTheDocument();
    expect(buttonsOf("pending@example.com")).toEqual(["Approve", "Deny", "Delete"]);

    fireEvent.click(screen.getByRole("button", { name: "All Users (4)" }));
    expect(screen.getAllByTestId("user-card")).toHaveLength(4);
    expect(within(card("root@example.com")).getByText("Admin")).toBeInTheDocument();
    expect(buttonsOf("root@example.com")).toEqual(["Revoke Access"]);
    expect(buttonsOf("approved@example.com")).toEqual(["Make Admin", "Revoke Access", "Delete"]);
    expect(within(card("revoked@example.com")).getByText("Revoked")).toBeInTheDocument();
    expect(buttonsOf("revoked@example.com")).toEqual(["Make Admin", "Restore Access", "Delete"]);
  });

  it("marks the users whose e-mail address is not verified", async () => {
    server([...users, make("self0000eeee", "self.registered@example.com", { approved: false, emailVerified: false })]);
    renderWithProviders(<AdminPanel />);
    await waitFor(() => expect(screen.getAllByTestId("user-card")).toHaveLength(2));
    expect(within(card("self.registered@example.com")).getByTestId("email-not-verified")).toHaveTextContent("E-mail not verified");
    expect(within(card("pending@example.com")).queryByTestId("email-not-verified")).toBeNull();
    // The mark is not one of the spec's badges.
    expect(within(card("self.registered@example.com")).getByText("Pending")).toBeInTheDocument();
  });

  it("disables every button while an action runs, then refreshes the lists and toasts", async () => {
    const { fetch, release } = server(users, { holdActions: true });
    renderWithProviders(<AdminPanel />);
    await waitFor(() => expect(screen.getAllByTestId("user-card")).toHaveLength(1));
    fireEvent.click(within(card("pending@example.com")).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(within(card("pending@example.com")).getByRole("button", { name: "Deny" })).toBeDisabled());
    fireEvent.click(screen.getByRole("button", { name: "All Users (4)" }));
    for (const button of screen.getAllByTestId("user-card").flatMap((el) => within(el).getAllByRole("button")))
      expect(button).toBeDisabled();
    const listCalls = () => fetch.mock.calls.filter(([url]) => String(url).startsWith("/api/admin/pending-users")).length;
    const before = listCalls();
    await act(async () => release());
    expect(await screen.findByText("User approved")).toBeInTheDocument();
    expect(screen.getByText("The user can now log in to the portal")).toBeInTheDocument();
    expect(listCalls()).toBeGreaterThan(before);
    await waitFor(() => expect(screen.getByRole("button", { name: "Pending (0)" })).toBeInTheDocument());
    expect(within(card("approved@example.com")).getByRole("button", { name: "Delete" })).toBeEnabled();
  });

  it("asks before deleting and shows the failure toast with the server message", async () => {
    server(users, { failApprove: true });
    renderWithProviders(<AdminPanel />);
    await waitFor(() => expect(screen.getAllByTestId("user-card")).toHaveLength(1));
    fireEvent.click(within(card("pending@example.com")).getByRole("button", { name: "Approve" }));
    expect(await screen.findByText("Approval failed")).toBeInTheDocument();
    expect(screen.getByText("User not found")).toBeInTheDocument();

    fireEvent.click(within(card("pending@example.com")).getByRole("button", { name: "Deny" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deny this registration?" });
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus());
    fireEvent.click(within(dialog).getByRole("button", { name: "Deny" }));
    expect(await screen.findByText("User deleted")).toBeInTheDocument();
    expect(screen.getByText("The user has been removed from the system")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText("No pending approvals")).toBeInTheDocument());
  });
});
