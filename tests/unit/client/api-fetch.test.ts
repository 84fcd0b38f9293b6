import { apiFetch, apiRequest, onUnauthorized } from "@/lib/client/api-fetch";
import { ApiError } from "@/lib/client/api-error";
import { getQueryFn } from "@/lib/queries/query-client";
import { stubFetch } from "../support/render-app";

describe("apiFetch (common behaviour)", () => {
  beforeEach(() => window.localStorage.clear());

  it("sends cookies, no auth header without a token, and no content type without a body", async () => {
    const fetch = stubFetch(() => ({ body: { ok: true } }));
    await apiFetch("GET", "/api/user/profile");
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/api/user/profile");
    expect(init).toMatchObject({ method: "GET", credentials: "include", headers: {} });
  });

  it("sends the stored token as a bearer header and JSON bodies with a JSON content type", async () => {
    window.localStorage.setItem("token", "abc");
    const fetch = stubFetch(() => ({ body: { ok: true } }));
    await apiFetch("PATCH", "/api/user/profile", { name: "Ann" });
    const [, init] = fetch.mock.calls[0];
    expect(init.headers).toEqual({ Authorization: "Bearer abc", "Content-Type": "application/json" });
    expect(init.body).toBe('{"name":"Ann"}');
  });

  it("raises 'status: body' for a non-OK answer", async () => {
    stubFetch(() => ({ status: 409, body: { message: "Email taken" } }));
    await expect(apiRequest("PATCH", "/api/user/profile", {})).rejects.toEqual(
      expect.objectContaining({ message: '409: {"message":"Email taken"}' }),
    );
    await expect(apiRequest("PATCH", "/api/user/profile", {})).rejects.toBeInstanceOf(ApiError);
  });

  it("reports a 401 to the registered handler only when a token was sent", async () => {
    const handler = jest.fn();
    const unregister = onUnauthorized(handler);
    stubFetch(() => ({ status: 401, body: { message: "Invalid email or password" } }));
    await apiFetch("POST", "/api/auth/login", {});
    expect(handler).not.toHaveBeenCalled();
    window.localStorage.setItem("token", "revoked");
    await apiFetch("GET", "/api/user/profile");
    expect(handler).toHaveBeenCalledTimes(1);
    unregister();
  });
});

describe("getQueryFn (default loader)", () => {
  const context = (queryKey: string[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it("GETs the key joined with slashes", async () => {
    const fetch = stubFetch((url) => (url === "/api/transcript/abc" ? { body: { id: "abc" } } : undefined));
    await expect(getQueryFn({ on401: "throw" })(context(["/api/transcript", "abc"]))).resolves.toEqual({ id: "abc" });
    expect(fetch.mock.calls[0][1].method).toBe("GET");
  });

  it("yields null on 401 when asked to, and raises otherwise", async () => {
    stubFetch(() => ({ status: 401, body: { message: "Authentication required" } }));
    await expect(getQueryFn({ on401: "returnNull" })(context(["/api/user/profile"]))).resolves.toBeNull();
    await expect(getQueryFn({ on401: "throw" })(context(["/api/user/profile"]))).rejects.toThrow(
      '401: {"message":"Authentication required"}',
    );
  });
});
