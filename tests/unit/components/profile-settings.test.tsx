import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { ProfileSettings } from "@/components/profile/profile-settings";
import { clearToasts } from "@/components/ui/toast-store";
import { renderWithProviders, signInLocally, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/profile" }));

const profile = {
  id: "cmuser0000000001",
  email: "ann@example.com",
  name: null,
  createdAt: new Date(2025, 2, 5, 15, 4).toISOString(),
  pendingEmail: null,
};

/** The profile's calls as `answer` gives them; Sign-in methods hears of no provider configured. */
const stubProfileFetch = (answer: Parameters<typeof stubFetch>[0]) =>
  stubFetch((url, init) =>
    new URL(url, "http://app.test").pathname === "/api/user/sign-in-methods"
      ? { body: { hasPassword: true, providers: [] } }
      : answer(url, init),
  );

const calls = (fetch: jest.Mock, method: string) => fetch.mock.calls.filter(([, init]) => init?.method === method);

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
  signInLocally({ id: profile.id, email: profile.email });
});

describe("ProfileSettings", () => {
  it("shows the form and the account information", async () => {
    stubProfileFetch(() => ({ body: profile }));
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
    const fetch = stubProfileFetch(() => ({ body: profile }));
    renderWithProviders(<ProfileSettings />);
    await screen.findByLabelText("Email Address");
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("No changes")).toBeInTheDocument();
    expect(screen.getByText("You haven't made any changes to your profile")).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "PATCH")).toHaveLength(0);
  });

  it("sends only the changed field and updates the signed-in user", async () => {
    const fetch = stubProfileFetch((_url, init) =>
      init.method === "PATCH" ? { body: { ...profile, name: "Ann Lee" } } : { body: profile },
    );
    renderWithProviders(<ProfileSettings />);
    fireEvent.change(await screen.findByLabelText("Full Name"), { target: { value: "Ann Lee" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(patch[1].body)).toEqual({ name: "Ann Lee" });
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem("user") ?? "{}").name).toBe("Ann Lee"));
  });

  it("toasts Update failed with the server message", async () => {
    stubProfileFetch((_url, init) =>
      init.method === "PATCH"
        ? { status: 409, body: { message: "That email address is already used by another account" } }
        : { body: profile },
    );
    renderWithProviders(<ProfileSettings />);
    fireEvent.change(await screen.findByLabelText("Email Address"), { target: { value: "taken@example.com" } });
    fireEvent.change(screen.getByLabelText("Current Password"), { target: { value: "my password" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Update failed")).toBeInTheDocument();
    expect(screen.getByText("That email address is already used by another account")).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem("user") ?? "{}").email).toBe("ann@example.com");
  });

  it("asks for the current password only while the e-mail differs, and sends it only then", async () => {
    const fetch = stubProfileFetch((_url, init) =>
      init.method === "PATCH" ? { body: { ...profile, email: "ann.lee@example.com" } } : { body: profile },
    );
    renderWithProviders(<ProfileSettings />);
    const email = await screen.findByLabelText("Email Address");
    expect(screen.queryByLabelText("Current Password")).toBeNull();
    fireEvent.change(email, { target: { value: "ANN@example.com" } });
    expect(screen.queryByLabelText("Current Password")).toBeNull();
    fireEvent.change(email, { target: { value: "ann.lee@example.com" } });
    expect(screen.getByLabelText("Current Password")).toBeRequired();
    expect(screen.getByText("Needed to change your email address")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Current Password"), { target: { value: "my password" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    expect(JSON.parse(calls(fetch, "PATCH")[0][1].body)).toEqual({ email: "ann.lee@example.com", currentPassword: "my password" });
    await waitFor(() => expect(screen.queryByLabelText("Current Password")).toBeNull());
  });

  it("tells when a new address waits for its confirmation link, keeping the old one", async () => {
    const message = "We sent a confirmation link to new@example.com. Your email address changes once you open it.";
    stubProfileFetch((_url, init) =>
      init.method === "PATCH" ? { body: { ...profile, pendingEmail: "new@example.com", message } } : { body: profile },
    );
    renderWithProviders(<ProfileSettings />);
    fireEvent.change(await screen.findByLabelText("Email Address"), { target: { value: "new@example.com" } });
    fireEvent.change(screen.getByLabelText("Current Password"), { target: { value: "my password" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Confirm your new email address")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText("Email Address")).toHaveValue("ann@example.com");
    expect(screen.getByText(/Waiting for confirmation of new@example\.com/)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem("user") ?? "{}").email).toBe("ann@example.com");
  });

  it("changes the password after the spec's checks, sending the current one", async () => {
    const fetch = stubProfileFetch((url) =>
      url === "/api/user/password" ? { body: { message: "Your password has been changed." } } : { body: profile },
    );
    renderWithProviders(<ProfileSettings />);
    const fill = (current: string, next: string, confirm: string) => {
      fireEvent.change(screen.getByLabelText("Current password"), { target: { value: current } });
      fireEvent.change(screen.getByLabelText("New password"), { target: { value: next } });
      fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirm } });
      fireEvent.click(screen.getByRole("button", { name: "Change password" }));
    };
    await screen.findByText("Change Password");
    fill("old password", "new password 1", "new password 2");
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    fill("old password", "short", "short");
    expect(await screen.findByText("Password too short")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 8 characters long")).toBeInTheDocument();
    expect(calls(fetch, "POST")).toHaveLength(0);

    fill("old password", "new password 1", "new password 1");
    expect(await screen.findByText("Password changed")).toBeInTheDocument();
    expect(JSON.parse(calls(fetch, "POST")[0][1].body)).toEqual({ currentPassword: "old password", newPassword: "new password 1" });
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });

  it("signs out of all devices on the server, then here", async () => {
    const fetch = stubProfileFetch((url) =>
      url === "/api/user/sessions" ? { body: { message: "You have been signed out of all devices." } } : { body: profile },
    );
    renderWithProviders(<ProfileSettings />);
    fireEvent.click(await screen.findByRole("button", { name: "Sign out of all devices" }));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/login"));
    expect(calls(fetch, "DELETE").map(([url]) => url)).toEqual(["/api/user/sessions"]);
    const logout = fetch.mock.calls.find(([url]) => url === "/api/auth/logout");
    expect(logout?.[1].headers).toEqual({ Authorization: "Bearer test-token" });
    expect(window.localStorage.getItem("token")).toBeNull();
  });

  it("signs the user out when the API answers 401", async () => {
    stubProfileFetch((url) =>
      url === "/api/auth/logout" ? { body: {} } : { status: 401, body: { message: "Your session has ended. Please sign in again." } },
    );
    renderWithProviders(<ProfileSettings />);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/login"));
    expect(window.localStorage.getItem("token")).toBeNull();
  });
});
