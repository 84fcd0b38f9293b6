import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { LoginForm } from "@/components/auth/login-form";
import { clearToasts } from "@/components/ui/toast-store";
import { renderWithProviders, signInLocally, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/login" }));

const user = { id: "u1", email: "ann.lee@example.com", name: null, isAdmin: false };

function submit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
}

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
});

describe("LoginForm", () => {
  it("shows the screen texts and links", async () => {
    stubFetch(() => undefined);
    renderWithProviders(<LoginForm />);
    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    expect(screen.getByText("Sign in to access your agent transcripts")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    expect(screen.getByRole("link", { name: "Create account" })).toHaveAttribute("href", "/register");
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
  });

  it("shows and hides the password", async () => {
    stubFetch(() => undefined);
    renderWithProviders(<LoginForm />);
    const password = await screen.findByLabelText("Password");
    expect(password).toHaveAttribute("type", "password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password).toHaveAttribute("type", "text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password).toHaveAttribute("type", "password");
  });

  it("stores the session and goes to /dashboard", async () => {
    stubFetch((url) => (url === "/api/auth/login" ? { body: { token: "tok", user } } : undefined));
    renderWithProviders(<LoginForm />);
    await screen.findByRole("heading", { name: "Welcome back" });
    submit("ann.lee@example.com", "secret-pass");
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/dashboard"));
    expect(window.localStorage.getItem("token")).toBe("tok");
    expect(JSON.parse(window.localStorage.getItem("user") ?? "")).toEqual(user);
  });

  it("honours a safe next path and ignores a foreign one", async () => {
    stubFetch((url) => (url === "/api/auth/login" ? { body: { token: "tok", user } } : undefined));
    const { unmount } = renderWithProviders(<LoginForm next="/profile" />);
    await screen.findByRole("heading", { name: "Welcome back" });
    submit("ann.lee@example.com", "secret-pass");
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/profile"));
    unmount();
    window.localStorage.clear();
    mockRouter.replace.mockClear();
    renderWithProviders(<LoginForm next="//evil.example.com" />);
    await screen.findByRole("heading", { name: "Welcome back" });
    submit("ann.lee@example.com", "secret-pass");
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/dashboard"));
  });

  it.each([
    [
      "the server message",
      { status: 403, body: { message: "Your account is awaiting administrator approval" } },
      "Your account is awaiting administrator approval",
    ],
    ["the fallback", { status: 502, body: "" }, "Login failed"],
  ])("toasts Login failed with %s", async (_label, answer, description) => {
    stubFetch(() => answer);
    renderWithProviders(<LoginForm />);
    await screen.findByRole("heading", { name: "Welcome back" });
    submit("ann.lee@example.com", "secret-pass");
    const toastTitles = await screen.findAllByText("Login failed");
    expect(toastTitles.length).toBeGreaterThan(0);
    expect(screen.getAllByText(description).length).toBeGreaterThan(0);
    expect(window.localStorage.getItem("token")).toBeNull();
  });

  it("sends a signed-in visitor to /dashboard", async () => {
    stubFetch(() => undefined);
    signInLocally(user);
    renderWithProviders(<LoginForm />);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/dashboard"));
  });

  it("clears a stale session instead of bouncing when the server refused the cookie", async () => {
    const fetch = stubFetch((url) => (url === "/api/auth/logout" ? { body: { message: "Logged out" } } : undefined));
    signInLocally(user);
    renderWithProviders(<LoginForm next="/dashboard" />);
    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem("token")).toBeNull());
    expect(fetch).toHaveBeenCalledWith("/api/auth/logout", expect.objectContaining({ method: "POST" }));
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });
});
