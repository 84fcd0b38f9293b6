// Renders a component inside the app's client providers, with a stubbed fetch and router.
import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { Providers } from "@/app/providers";

export interface FakeResponseInit {
  status?: number;
  body?: unknown;
}

export function fakeResponse({ status = 200, body }: FakeResponseInit = {}): Response {
  const text = body === undefined ? "" : typeof body === "string" ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? "OK" : "Error",
    text: async () => text,
    json: async () => JSON.parse(text),
  } as Response;
}

type Route = (url: string, init: RequestInit) => FakeResponseInit | undefined;

/** Replaces fetch with one that answers from `route` (404 for anything it does not know). */
export function stubFetch(route: Route): jest.Mock {
  const mock = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    fakeResponse(route(String(input), init) ?? { status: 404, body: { message: "Not found" } }),
  );
  (globalThis as { fetch: unknown }).fetch = mock;
  return mock;
}

export function renderWithProviders(ui: ReactElement) {
  return render(<Providers>{ui}</Providers>);
}

export function signInLocally(user: { id?: string; email: string; name?: string | null; isAdmin?: boolean }, token = "test-token") {
  window.localStorage.setItem("token", token);
  window.localStorage.setItem("user", JSON.stringify({ id: user.id ?? "user-1", name: null, isAdmin: false, ...user }));
}

/** Radix Select uses pointer capture and scrollIntoView, which jsdom lacks: call once per test file that opens one. */
export function supportRadixSelect(): void {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
}
