/** @jest-environment node */
import { NextRequest } from "next/server";
import { AppError } from "@/lib/server/http/app-error";
import { toErrorResponse } from "@/lib/server/http/error-response";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { assertSameOrigin } from "@/lib/server/http/same-origin";

describe("toErrorResponse", () => {
  it.each([
    [new AppError("BAD_REQUEST", "Bad"), 400, "Bad"],
    [new AppError("TOO_MANY_REQUESTS", "Slow down", { retryAfterSeconds: 30 }), 429, "Slow down"],
    [Object.assign(new Error("x"), { code: "P2025" }), 404, "Not found"],
    [Object.assign(new Error("x"), { code: "P2002" }), 409, "A record with these details already exists"],
    [
      Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      503,
      "The database is unavailable. Please try again shortly.",
    ],
  ])("maps %p to %p", async (error, status, message) => {
    const silence = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const res = toErrorResponse(error);
    silence.mockRestore();
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ message });
  });

  it("reveals nothing about an unexpected error", async () => {
    const silence = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const res = toErrorResponse(new Error("secret connection string postgres://u:p@h/db"));
    silence.mockRestore();
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: "Internal server error" });
  });

  it("sets Retry-After for throttling", () => {
    expect(toErrorResponse(new AppError("TOO_MANY_REQUESTS", "x", { retryAfterSeconds: 30 })).headers.get("retry-after")).toBe("30");
  });
});

describe("readJsonBody", () => {
  const request = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
    new Request("http://localhost/api", { method: "POST", body, headers });

  it("parses JSON and returns undefined for an empty body", async () => {
    await expect(readJsonBody(request('{"a":1}'), 100)).resolves.toEqual({ a: 1 });
    await expect(readJsonBody(request(""), 100)).resolves.toBeUndefined();
  });

  it("stops reading past the limit even when Content-Length is absent or false", async () => {
    await expect(readJsonBody(request(JSON.stringify({ a: "x".repeat(200) })), 100)).rejects.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("answers 400, not a database outage, when the client aborts while sending the body", async () => {
    const reset = Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        controller.error(reset);
      },
    });
    const aborted = new Request("http://localhost/api", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    await expect(readJsonBody(aborted, 100)).rejects.toMatchObject({ code: "BAD_REQUEST", message: "The request body could not be read" });
  });

  it("refuses non-JSON content types and malformed JSON", async () => {
    await expect(readJsonBody(request("a=1", { "content-type": "text/plain" }), 100)).rejects.toMatchObject({
      code: "UNSUPPORTED_MEDIA_TYPE",
    });
    await expect(readJsonBody(request("{oops"), 100)).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Malformed JSON body" });
  });
});

describe("assertSameOrigin", () => {
  const request = (method: string, headers: Record<string, string>) => new NextRequest("http://portal.test/api/x", { method, headers });

  it.each([
    ["GET", { origin: "https://evil.example", host: "portal.test" }],
    ["POST", { host: "portal.test" }],
    ["POST", { origin: "http://portal.test", host: "portal.test" }],
  ])("lets %s with %p through", (method, headers) => {
    expect(() => assertSameOrigin(request(method, headers))).not.toThrow();
  });

  it.each([
    ["POST", { origin: "https://evil.example", host: "portal.test" }],
    ["DELETE", { origin: "null", host: "portal.test" }],
  ])("refuses %s with %p", (method, headers) => {
    expect(() => assertSameOrigin(request(method, headers))).toThrow("Cross-site request refused");
  });
});
