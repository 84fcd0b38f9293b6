import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { ProfileSettings } from "@/components/profile/profile-settings";
import { clearToasts } from "@/components/ui/toast-store";
import { renderWithProviders, signInLocally, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/profile" }));

const profile = { id: "cmuser0000000001", email: "ann@example.com", name: null, createdAt: new Date(2025, 2, 5, 15, 4).toISOString() };

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ id: profile.id, email: profile.email });
});

describe("ProfileSettings (spec sections 2, 5, 8)", () => {
  it("shows the form and the account information", async () => {
    stubFetch(() => ({ body: profile }));
    renderWithProviders(<ProfileSettings />);
    expect(screen.getByRole("heading", { name: "Profile Settings" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Email Address")).toHaveValue("ann@example.com");
    expect(screen.getByLabelText("Email Address")).toBeRequired();
    expect(screen.getByLabelText("Email Address")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Full Name")).toHaveValue("");
    expect(screen.getByText("Personal Information")).toBeInTheDocument();
    expect(screen.getByText("Account Information")).toBeInTheDocument();
    expect(screen.getByTestId("profile-user-id")).toHaveTextContent(profile.id);
    expect(screen.getByText("Mar 5, 2025, 3:04 PM")).toBeInTheDocument();
  });

  it("toasts No changes and makes no call when nothing changed", async () => {
    const fetch = stubFetch(() => ({ body: profile }));
    renderWithProviders(<ProfileSettings />);
    await screen.findByLabelText("Email Address");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("No changes")).toBeInTheDocument();
    expect(screen.getByText("You haven't made any changes to your profile")).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "PATCH")).toHaveLength(0);
  });

  it("sends only the changed field and updates the signed-in user", async () => {
    const fetch = stubFetch((_url, init) => (init.method === "PATCH" ? { body: { ...profile, name: "Ann Lee" } } : { body: profile }));
    renderWithProviders(<ProfileSettings />);
    fireEvent.change(await screen.findByLabelText("Full Name"), { target: { value: "Ann Lee" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(patch[1].body)).toEqual({ name: "Ann Lee" });
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem("user") ?? "{}").name).toBe("Ann Lee"));
  });

  it("toasts Update failed with the server message", async () => {
    stubFetch((_url, init) => (init.method === "PATCH" ? { status: 409, body: { message: "That email address is already used by another account" } } : { body: profile }));
    renderWithProviders(<ProfileSettings />);
    fireEvent.change(await screen.findByLabelText("Email Address"), { target: { value: "taken@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Update failed")).toBeInTheDocument();
    expect(screen.getByText("That email address is already used by another account")).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem("user") ?? "{}").email).toBe("ann@example.com");
  });

  it("signs the user out when the API answers 401", async () => {
    stubFetch((url) => (url === "/api/auth/logout" ? { body: {} } : { status: 401, body: { message: "Your session has ended. Please sign in again." } }));
    renderWithProviders(<ProfileSettings />);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/login"));
    expect(window.localStorage.getItem("token")).toBeNull();
  });
});
