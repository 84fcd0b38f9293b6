// Every page, found by walking app/, answers with a Content-Security-Policy whose scripts need
// this response's nonce (middleware.ts): no 'unsafe-inline', a fresh nonce per response, and every
// script of the page's HTML carrying it. The browser journeys fail on any script or style the
// policy blocks (support/browser.ts); this checks what they cannot see: an injected inline script
// would be refused. API responses keep the static headers of next.config.mjs.
import { readdirSync } from "node:fs";
import path from "node:path";
import { readServerState } from "./support/server-state";
import { PASSWORD, createAccount } from "./support/accounts";

const APP_DIR = path.join(process.cwd(), "app");

/** The URL path of every page.tsx under app/, route groups left out and [params] filled in. */
function pagePaths(dir = APP_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "api" && dir === APP_DIR ? [] : pagePaths(full);
    if (entry.name !== "page.tsx") return [];
    const segments = path
      .relative(APP_DIR, dir)
      .split(path.sep)
      .filter((segment) => segment !== "" && !/^\(.*\)$/.test(segment))
      .map((segment) => (/^\[\w+\]$/.test(segment) ? "some-id" : segment));
    return [`/${segments.join("/")}`];
  });
}

const HEADERS_ON_EVERY_RESPONSE = ["x-content-type-options", "x-frame-options", "referrer-policy", "permissions-policy"];

/** The directives of a policy by name, each a list of its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

interface PageResponse {
  status: number;
  nonce: string;
  scriptTags: string[];
}

/** Fetches a page as the signed-in administrator and checks its policy; returns its nonce and script tags. */
async function fetchPage(pathname: string, cookie: string): Promise<PageResponse> {
  const res = await fetch(`${readServerState().baseUrl}${pathname}`, { headers: { cookie }, redirect: "manual" });
  const policy = res.headers.get("content-security-policy") ?? "";
  for (const header of HEADERS_ON_EVERY_RESPONSE) expect([pathname, header, res.headers.has(header)]).toEqual([pathname, header, true]);
  const scriptSrc = directives(policy).get("script-src") ?? [];
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  expect(scriptSrc).not.toContain("'unsafe-eval'");
  expect(scriptSrc).toContain("'strict-dynamic'");
  expect(directives(policy).get("object-src")).toEqual(["'none'"]);
  expect(directives(policy).get("frame-ancestors")).toEqual(["'none'"]);
  const nonces = scriptSrc.filter((source) => source.startsWith("'nonce-"));
  expect(nonces).toHaveLength(1);
  const html = await res.text();
  return { status: res.status, nonce: nonces[0].slice("'nonce-".length, -1), scriptTags: html.match(/<script\b[^>]*>/g) ?? [] };
}

describe("Content-Security-Policy with a nonce per response", () => {
  let cookie = "";

  beforeAll(async () => {
    const email = "csp.admin@example.com";
    await createAccount({ email, isAdmin: true });
    const res = await fetch(`${readServerState().baseUrl}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    cookie = res.headers
      .getSetCookie()
      .map((setCookie) => setCookie.split(";")[0])
      .join("; ");
    expect(cookie).not.toBe("");
  });

  it("finds the pages it checks", () => {
    expect(pagePaths()).toEqual(expect.arrayContaining(["/", "/login", "/dashboard", "/admin", "/transcript/some-id"]));
  });

  // / answers with a redirect, never a page (first-html.e2e.ts); it carries the policy all the same.
  it.each([...pagePaths().filter((pathname) => pathname !== "/"), "/no/such/page"])(
    "%s: a fresh nonce each time, on every script of the page",
    async (pathname) => {
      const first = await fetchPage(pathname, cookie);
      const second = await fetchPage(pathname, cookie);
      expect([first.status, second.status]).toEqual(pathname === "/no/such/page" ? [404, 404] : [200, 200]);
      expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(second.nonce).not.toBe(first.nonce);
      for (const { nonce, scriptTags } of [first, second]) {
        expect(scriptTags.length).toBeGreaterThan(0);
        expect(scriptTags.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
      }
    },
  );

  it("puts the policy on the redirect of /", async () => {
    const res = await fetch(`${readServerState().baseUrl}/`, { headers: { cookie }, redirect: "manual" });
    expect(res.status).toBe(307);
    expect(directives(res.headers.get("content-security-policy") ?? "").get("script-src")).toContain("'strict-dynamic'");
  });

  it("puts the policy on the redirects of signed-out visitors too", async () => {
    const res = await fetch(`${readServerState().baseUrl}/dashboard`, { redirect: "manual" });
    expect(res.status).toBe(307);
    expect(new URL(res.headers.get("location") ?? "", res.url).pathname).toBe("/login");
    expect(directives(res.headers.get("content-security-policy") ?? "").get("script-src")).toContain("'strict-dynamic'");
  });

  it("keeps the static headers on API responses, with a policy that loads nothing", async () => {
    const res = await fetch(`${readServerState().baseUrl}/api/health`);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    for (const header of HEADERS_ON_EVERY_RESPONSE) expect([header, res.headers.has(header)]).toEqual([header, true]);
  });
});
