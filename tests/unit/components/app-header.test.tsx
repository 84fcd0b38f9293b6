import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AppHeader } from "@/components/layout/app-header";
import { clearToasts } from "@/components/ui/toast-store";
import { renderWithProviders, signInLocally, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/dashboard" }));

const pendingUser = (n: number) => ({
  id: `p${n}`,
  email: `p${n}@example.com`,
  name: null,
  approved: false,
  isAdmin: false,
  isActive: true,
  createdAt: new Date().toISOString(),
});

function stubPending(count: number) {
  return stubFetch((url) => {
    if (url === "/api/admin/pending-users") return { body: Array.from({ length: count }, (_, i) => pendingUser(i)) };
    if (url === "/api/auth/logout") return { body: { message: "Logged out" } };
    return undefined;
  });
}

async function openMenu() {
  const trigger = await screen.findByTestId("user-menu-trigger");
  fireEvent.keyDown(trigger, { key: "Enter" });
  return screen.findByRole("menu");
}

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
});

describe("AppHeader", () => {
  it.each([
    ["john.doe@example.com", "JD"],
    ["jane@example.com", "J"],
    ["a.b.c@example.com", "AB"],
  ])("shows the initials of %s as %s and the e-mail", async (email, initials) => {
    stubPending(0);
    signInLocally({ email });
    renderWithProviders(<AppHeader />);
    await screen.findByTestId("user-menu-trigger");
    expect(screen.getByTestId("avatar-text")).toHaveTextContent(new RegExp(`^${initials}$`));
    expect(screen.getByRole("button", { name: `User menu, ${initials}` })).toBeInTheDocument();
    expect(screen.getByTestId("header-email")).toHaveTextContent(email);
    expect(screen.getByText("Transcript Analytics")).toBeInTheDocument();
  });

  it("never asks for pending users and shows no badge for a regular user", async () => {
    const fetch = stubPending(3);
    signInLocally({ email: "ann@example.com", isAdmin: false });
    renderWithProviders(<AppHeader />);
    await screen.findByTestId("user-menu-trigger");
    expect(screen.queryByTestId("avatar-count")).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).not.toContain("/api/admin/pending-users");
  });

  it("shows an administrator the number of pending users", async () => {
    const fetch = stubPending(3);
    signInLocally({ email: "john.doe@example.com", isAdmin: true }, "admin-token");
    renderWithProviders(<AppHeader />);
    const badge = await screen.findByTestId("avatar-count");
    expect(badge).toHaveTextContent("3");
    expect(screen.getByRole("button", { name: "User menu, JD 3 pending users" })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(
      "/api/admin/pending-users",
      expect.objectContaining({ headers: { Authorization: "Bearer admin-token" } }),
    );
  });

  it("shows no badge to an administrator when nobody is pending", async () => {
    const fetch = stubPending(0);
    signInLocally({ email: "root@example.com", isAdmin: true });
    renderWithProviders(<AppHeader />);
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => url)).toContain("/api/admin/pending-users"));
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByTestId("avatar-count")).not.toBeInTheDocument();
  });

  it("offers a regular user Dashboard, Analytics, Profile Settings and Logout", async () => {
    stubPending(0);
    signInLocally({ email: "ann@example.com" });
    renderWithProviders(<AppHeader />);
    const menu = await openMenu();
    const items = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent?.trim());
    expect(items).toEqual(["Dashboard", "Analytics", "Profile Settings", "Logout"]);
    expect(within(menu).getByRole("menuitem", { name: "Profile Settings" })).toHaveAttribute("href", "/profile");
  });

  it("adds Admin Panel and Feedback Management for an administrator", async () => {
    stubPending(0);
    signInLocally({ email: "root@example.com", isAdmin: true });
    renderWithProviders(<AppHeader />);
    const menu = await openMenu();
    const items = within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent?.trim());
    expect(items).toEqual(["Dashboard", "Analytics", "Profile Settings", "Admin Panel", "Feedback Management", "Logout"]);
    expect(within(menu).getByRole("menuitem", { name: "Admin Panel" })).toHaveAttribute("href", "/admin");
    expect(within(menu).getByRole("menuitem", { name: "Feedback Management" })).toHaveAttribute("href", "/admin/feedback");
  });

  it("logs out: calls the logout endpoint, clears the session and goes to /login", async () => {
    const fetch = stubPending(0);
    signInLocally({ email: "ann@example.com" });
    renderWithProviders(<AppHeader />);
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/login"));
    expect(fetch).toHaveBeenCalledWith("/api/auth/logout", expect.objectContaining({ method: "POST", credentials: "include" }));
    expect(window.localStorage.getItem("token")).toBeNull();
    expect(window.localStorage.getItem("user")).toBeNull();
  });
});
