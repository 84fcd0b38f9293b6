import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { SignInMethodsCard } from "@/components/profile/sign-in-methods-card";
import { clearToasts } from "@/components/ui/toast-store";
import { SSO_CONNECT_MESSAGES, ssoConnectMessage } from "@/lib/auth/sign-in-messages";
import type { SignInMethodsResponse } from "@/lib/schemas/sign-in-methods";
import { renderWithProviders, signInLocally, stubFetch } from "../support/render-app";

const mockRouter = { push: jest.fn(), replace: jest.fn(), prefetch: jest.fn(), back: jest.fn(), refresh: jest.fn() };
jest.mock("next/navigation", () => ({ useRouter: () => mockRouter, usePathname: () => "/profile" }));

const METHODS: SignInMethodsResponse = {
  hasPassword: false,
  providers: [
    { id: "corp", name: "Corp Identity", isConnected: true },
    { id: "partner", name: "Partner Login", isConnected: true },
  ],
};

beforeEach(() => {
  window.localStorage.clear();
  act(() => clearToasts());
  signInLocally({ id: "cmuser0000000001", email: "ann@example.com" });
});

const row = (name: string) => screen.getByText(name).closest("li") as HTMLElement;

describe("SignInMethodsCard", () => {
  it("lists the providers and disconnects one, showing the new list", async () => {
    const fetch = stubFetch((url, init) => {
      if (init.method === "DELETE")
        return { body: { ...METHODS, providers: [METHODS.providers[0], { ...METHODS.providers[1], isConnected: false }] } };
      return { body: METHODS };
    });
    renderWithProviders(<SignInMethodsCard connectResult={null} />);
    await screen.findByText("Corp Identity");
    expect(within(row("Partner Login")).getByText("Connected")).toBeInTheDocument();

    fireEvent.click(screen.getByRole("button", { name: "Disconnect Partner Login" }));
    await screen.findByRole("button", { name: "Connect Partner Login" });
    expect(within(row("Partner Login")).getByText("Not connected")).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "DELETE").map(([url]) => url)).toEqual([
      "/api/user/sign-in-methods/partner",
    ]);
    expect(await screen.findByText("Provider disconnected")).toBeInTheDocument();
  });

  it("toasts the server's refusal of the last way in", async () => {
    const message = "This is the only way to sign in to your account. Connect another provider first.";
    stubFetch((_url, init) => (init.method === "DELETE" ? { status: 409, body: { message } } : { body: METHODS }));
    renderWithProviders(<SignInMethodsCard connectResult={null} />);
    fireEvent.click(await screen.findByRole("button", { name: "Disconnect Corp Identity" }));
    expect(await screen.findByText("Disconnect failed")).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });

  it("tells what the last connect came to", async () => {
    stubFetch(() => ({ body: METHODS }));
    renderWithProviders(<SignInMethodsCard connectResult={ssoConnectMessage("taken")} />);
    expect(await screen.findByText("Connect failed")).toBeInTheDocument();
    expect(screen.getByText(SSO_CONNECT_MESSAGES.taken)).toBeInTheDocument();
  });

  it("shows nothing when no provider is configured", async () => {
    const fetch = stubFetch(() => ({ body: { hasPassword: true, providers: [] } }));
    renderWithProviders(<SignInMethodsCard connectResult={null} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByText("Sign-in methods")).not.toBeInTheDocument();
  });
});
