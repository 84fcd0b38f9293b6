import { act, fireEvent, screen } from "@testing-library/react";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { ForgotPasswordForm } from "@/components/auth/forgot-password-form";
import { clearToasts } from "@/components/ui/toast-store";
import { renderWithProviders, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/reset-password" }));

function fillPasswords(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: password } });
  fireEvent.change(screen.getByLabelText("Confirm password"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "Reset password" }));
}

beforeEach(() => {
  window.localStorage.clear();
  jest.clearAllMocks();
  act(() => clearToasts());
});

describe("ResetPasswordForm", () => {
  it("prefills the token from the link and shows the hint", () => {
    stubFetch(() => undefined);
    renderWithProviders(<ResetPasswordForm initialToken="tok-123" />);
    expect(screen.getByLabelText("Reset token")).toHaveValue("tok-123");
    expect(screen.getByText("Must be at least 8 characters long")).toBeInTheDocument();
    for (const label of ["Reset token", "New password", "Confirm password"]) expect(screen.getByLabelText(label)).toBeRequired();
  });

  it.each([
    ["passwords differ", "longenough1", "longenough2", "Passwords don't match", "Please make sure both passwords are the same"],
    ["password is short", "short", "short", "Password too short", "Password must be at least 8 characters long"],
  ])("toasts when the %s and calls nothing", async (_label, password, confirm, title, description) => {
    const fetch = stubFetch(() => undefined);
    renderWithProviders(<ResetPasswordForm initialToken="tok-123" />);
    fillPasswords(password, confirm);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the success screen and goes to /login after 2 seconds", async () => {
    const fetch = stubFetch((url) => (url === "/api/auth/reset-password" ? { body: { message: "done" } } : undefined));
    renderWithProviders(<ResetPasswordForm initialToken="tok-123" />);
    jest.useFakeTimers();
    try {
      fillPasswords("longenough1", "longenough1");
      expect(await screen.findByText("Password reset successful! Redirecting you to login...")).toBeInTheDocument();
      expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ token: "tok-123", password: "longenough1" });
      act(() => jest.advanceTimersByTime(1999));
      expect(mockRouter.push).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(mockRouter.push).toHaveBeenCalledWith("/login");
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    [
      "the server message",
      { status: 400, body: { message: "This reset token is invalid or has expired." } },
      "This reset token is invalid or has expired.",
    ],
    ["the fallback", { status: 500, body: "" }, "Failed to reset password"],
  ])("shows Reset failed with %s", async (_label, answer, description) => {
    stubFetch(() => answer);
    renderWithProviders(<ResetPasswordForm initialToken="bad" />);
    fillPasswords("longenough1", "longenough1");
    expect(await screen.findByText("Reset failed")).toBeInTheDocument();
    expect(screen.getByText(description)).toBeInTheDocument();
  });
});

describe("ForgotPasswordForm", () => {
  const submit = (email: string) => {
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
  };

  it("shows the demo-mode token box with a way to the reset screen", async () => {
    stubFetch(() => ({ body: { message: "If an account exists...", token: "demo-tok" } }));
    renderWithProviders(<ForgotPasswordForm />);
    expect(screen.getByRole("heading", { name: "Reset your password" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/login");
    submit("ann@example.com");
    const token = await screen.findByLabelText("Reset token");
    expect(token).toHaveValue("demo-tok");
    expect(token).toHaveAttribute("readonly");
    expect(screen.queryByText("Check your email")).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Continue to reset password" }));
    expect(mockRouter.push).toHaveBeenCalledWith("/reset-password?token=demo-tok");
  });

  it("toasts Check your email with the message when there is no token", async () => {
    stubFetch(() => ({ body: { message: "If an account exists for that email, a password reset link has been sent." } }));
    renderWithProviders(<ForgotPasswordForm />);
    submit("ann@example.com");
    expect(await screen.findByText("Check your email")).toBeInTheDocument();
    expect(screen.getByText("If an account exists for that email, a password reset link has been sent.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Reset token")).not.toBeInTheDocument();
  });

  it("toasts Request failed with the fallback", async () => {
    stubFetch(() => ({ status: 500 }));
    renderWithProviders(<ForgotPasswordForm />);
    submit("ann@example.com");
    expect(await screen.findByText("Request failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to request password reset")).toBeInTheDocument();
  });
});
