import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { RegisterForm } from "@/components/auth/register-form";
import { clearToasts } from "@/components/ui/toast-store";
import { renderWithProviders, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/register" }));

function fill(email: string, password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Create account" }));
}

describe("RegisterForm", () => {
  beforeEach(() => {
    window.localStorage.clear();
    jest.clearAllMocks();
    act(() => clearToasts());
  });

  it("shows the screen texts", async () => {
    stubFetch(() => undefined);
    renderWithProviders(<RegisterForm />);
    expect(await screen.findByRole("heading", { name: "Create account" })).toBeInTheDocument();
    expect(screen.getByText("Get started with your agent transcript portal")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    for (const label of ["Email", "Password", "Confirm password"]) expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  });

  it.each([
    ["passwords differ", "longenough1", "longenough2", "Passwords don't match", "Please ensure both passwords are identical"],
    ["password is short", "short", "short", "Password too short", "Password must be at least 8 characters"],
  ])("toasts when the %s and calls nothing", async (_label, password, confirm, title, description) => {
    const fetch = stubFetch(() => undefined);
    renderWithProviders(<RegisterForm />);
    await screen.findByRole("heading", { name: "Create account" });
    fill("new@example.com", password, confirm);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows only the latest toast", async () => {
    stubFetch(() => undefined);
    renderWithProviders(<RegisterForm />);
    await screen.findByRole("heading", { name: "Create account" });
    fill("new@example.com", "longenough1", "longenough2");
    await screen.findByText("Passwords don't match");
    fill("new@example.com", "short", "short");
    await screen.findByText("Password too short");
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();
  });

  it("registers, shows the server message and goes to /login after 2 seconds", async () => {
    const fetch = stubFetch((url) =>
      url === "/api/auth/register" ? { status: 201, body: { message: "Account created. Await approval." } } : undefined,
    );
    renderWithProviders(<RegisterForm />);
    await screen.findByRole("heading", { name: "Create account" });
    jest.useFakeTimers();
    try {
      fill("new@example.com", "longenough1", "longenough1");
      await act(async () => {
        await Promise.resolve();
      });
      expect(await screen.findByText("Account created. Await approval.")).toBeInTheDocument();
      expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ email: "new@example.com", password: "longenough1" });
      act(() => jest.advanceTimersByTime(1900));
      expect(mockRouter.push).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(200));
      expect(mockRouter.push).toHaveBeenCalledWith("/login");
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows the server message when registration fails", async () => {
    stubFetch(() => ({ status: 400, body: { message: "email: Enter a valid email address" } }));
    renderWithProviders(<RegisterForm />);
    await screen.findByRole("heading", { name: "Create account" });
    fill("new@example.com", "longenough1", "longenough1");
    expect(await screen.findByText("Registration failed")).toBeInTheDocument();
    expect(screen.getByText("email: Enter a valid email address")).toBeInTheDocument();
  });

  it("sends a signed-in visitor to /dashboard", async () => {
    stubFetch(() => undefined);
    window.localStorage.setItem("token", "t");
    window.localStorage.setItem("user", JSON.stringify({ id: "u", email: "a@example.com", name: null, isAdmin: false }));
    renderWithProviders(<RegisterForm />);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith("/dashboard"));
  });
});
