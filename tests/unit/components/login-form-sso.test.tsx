import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { LoginForm } from "@/components/auth/login-form";
import { SsoLanding } from "@/components/auth/sso-landing";
import { clearToasts } from "@/components/ui/toast-store";
import { renderWithProviders, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/login" }));

const PROVIDERS = [
  { id: "corp", name: "Corp Identity" },
  { id: "partner", name: "Partner Login" },
];
const user = { id: "u1", email: "ann.lee@example.com", name: "Ann Lee", isAdmin: false };

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
});

describe("LoginForm with single sign-on", () => {
  it("offers a button per provider, in order, above the password form and its links", async () => {
    stubFetch(() => undefined);
    renderWithProviders(<LoginForm providers={PROVIDERS} />);
    await screen.findByRole("heading", { name: "Welcome back" });
    const buttons = screen.getAllByRole("button", { name: /^Sign in with / });
    expect(buttons.map((button) => button.textContent)).toEqual(["Sign in with Corp Identity", "Sign in with Partner Login"]);
    const form = screen.getByRole("form", { name: "Sign in" });
    expect(buttons[1].compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create account" })).toBeInTheDocument();
  });

  it("shows only the providers with password sign-in turned off", async () => {
    stubFetch(() => undefined);
    renderWithProviders(<LoginForm providers={PROVIDERS} isPasswordLoginEnabled={false} />);
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.getAllByRole("button", { name: /^Sign in with / })).toHaveLength(2);
    expect(screen.queryByRole("form", { name: "Sign in" })).toBeNull();
    expect(screen.queryByLabelText("Email")).toBeNull();
    expect(screen.queryByRole("link", { name: "Forgot password?" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Create account" })).toBeNull();
    expect(screen.queryByText("or")).toBeNull();
  });

  it("shows no provider buttons without providers", async () => {
    stubFetch(() => undefined);
    renderWithProviders(<LoginForm />);
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(screen.queryAllByRole("button", { name: /^Sign in with / })).toEqual([]);
  });

  it("starts a sign-in with the CSRF token, coming back to the landing page with the next path", async () => {
    const fetch = stubFetch((url) => {
      if (url === "/api/auth/csrf") return { body: { csrfToken: "csrf-1" } };
      if (url === "/api/auth/signin/partner") return { body: { url: "http://localhost/#provider" } };
      return undefined;
    });
    renderWithProviders(<LoginForm providers={PROVIDERS} next="/profile" />);
    fireEvent.click(await screen.findByRole("button", { name: "Sign in with Partner Login" }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/auth/signin/partner", expect.anything()));
    const [, init] = fetch.mock.calls.find(([url]) => url === "/api/auth/signin/partner") ?? [];
    expect(init).toMatchObject({ method: "POST" });
    expect(JSON.parse(String(init.body))).toEqual({ csrfToken: "csrf-1", callbackUrl: "/login/sso?next=%2Fprofile" });
    expect(await screen.findByRole("button", { name: "Redirecting..." })).toBeDisabled();
  });

  it("toasts Login failed when the sign-in cannot start", async () => {
    stubFetch((url) => (url === "/api/auth/csrf" ? { status: 404, body: { message: "Single sign-on is not configured" } } : undefined));
    renderWithProviders(<LoginForm providers={PROVIDERS} />);
    fireEvent.click(await screen.findByRole("button", { name: "Sign in with Corp Identity" }));
    expect((await screen.findAllByText("Single sign-on is not configured")).length).toBeGreaterThan(0);
    expect(screen.getAllByText("Login failed").length).toBeGreaterThan(0);
  });

  it("toasts the message of a refused single sign-on once, and drops it from the address", async () => {
    window.history.replaceState(null, "", "/login?error=pending&next=%2Fprofile");
    stubFetch(() => undefined);
    renderWithProviders(<LoginForm providers={PROVIDERS} ssoError="Your account is awaiting administrator approval" next="/profile" />);
    expect((await screen.findAllByText("Your account is awaiting administrator approval")).length).toBeGreaterThan(0);
    expect(window.location.search).toBe("?next=%2Fprofile");
  });
});

describe("SsoLanding", () => {
  it("keeps the session of the cookie as a password sign-in does, and goes to the next path", async () => {
    const fetch = stubFetch((url) => (url === "/api/auth/sso/session" ? { body: { token: "tok", user } } : undefined));
    window.localStorage.setItem("token", "stale-token");
    renderWithProviders(<SsoLanding next="/analytics" />);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/analytics"));
    expect(window.localStorage.getItem("token")).toBe("tok");
    expect(JSON.parse(window.localStorage.getItem("user") ?? "")).toEqual(user);
    // The cookie alone: a stale token in storage does not stand in for it.
    const [, init] = fetch.mock.calls.find(([url]) => url === "/api/auth/sso/session") ?? [];
    expect(init.headers).toBeUndefined();
    expect(init.credentials).toBe("include");
  });

  it("goes back to /login with the failure when there is no session", async () => {
    stubFetch((url) => (url === "/api/auth/sso/session" ? { status: 401, body: { message: "Authentication required" } } : undefined));
    renderWithProviders(<SsoLanding />);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/login?error=failed"));
    expect(window.localStorage.getItem("token")).toBeNull();
  });
});
