// The transcript and Analytics pages render their first data on the server for a visitor whose
// session cookie holds, and nothing of it for anyone else; / redirects before any HTML. The
// journeys (transcript.e2e.ts, analytics.e2e.ts) check that the browser then carries on from there.
import { readServerState } from "./support/server-state";
import { PASSWORD, createAccount, tokenFor } from "./support/accounts";
import { apiTranscript, apiTranscripts } from "./support/transcripts";
import { inBrowser } from "./support/browser";
import { signIn } from "./support/ui";
import { shownTurns } from "@/lib/transcript-view/shown-turns";
import { SESSION_COOKIE_NAME } from "@/lib/auth/session-config";
import { TIME_ZONE_COOKIE } from "@/lib/queries/analytics";

const EMAIL = "first.html@example.com";
const DAY_MS = 86_400_000;

/** The session cookie of a fresh sign-in, as a Cookie header. */
async function sessionCookie(email: string): Promise<string> {
  const res = await fetch(`${readServerState().baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(";")[0])
    .find((pair) => pair.startsWith(`${SESSION_COOKIE_NAME}=`));
  if (!cookie) throw new Error("The sign-in set no session cookie");
  return cookie;
}

async function firstHtml(pathname: string, cookie?: string): Promise<{ status: number; location: string | null; html: string }> {
  const res = await fetch(`${readServerState().baseUrl}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

/** HTML-escaped as React writes text. */
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** A seeded transcript with a message whose text is a plain sentence, and that sentence. */
async function transcriptWithMessage(token: string): Promise<{ id: string; text: string }> {
  const list = await apiTranscripts(token, {
    startTime: new Date(Date.now() - 60 * DAY_MS).toISOString(),
    endTime: new Date().toISOString(),
    page: 1,
    limit: 20,
  });
  for (const item of list.transcripts) {
    const turn = shownTurns((await apiTranscript(token, item.id)).dialog).find((candidate) =>
      /^[A-Za-z][\w ,.?']{11,}$/.test(candidate.text),
    );
    if (turn) return { id: item.id, text: turn.text };
  }
  throw new Error("The seed holds no transcript with a plain message");
}

describe("the first HTML", () => {
  let token = "";
  let cookie = "";
  let transcript = { id: "", text: "" };

  beforeAll(async () => {
    await createAccount({ email: EMAIL });
    token = await tokenFor(EMAIL);
    cookie = await sessionCookie(EMAIL);
    transcript = await transcriptWithMessage(token);
  });

  it("of a transcript holds its messages for a signed-in user, and none for a signed-out visitor", async () => {
    const signedIn = await firstHtml(`/transcript/${encodeURIComponent(transcript.id)}`, cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.html).toContain(escaped(transcript.text));
    expect(signedIn.html).toContain('data-testid="message"');

    // Without a cookie, middleware sends the visitor to /login before the page renders.
    const signedOut = await firstHtml(`/transcript/${encodeURIComponent(transcript.id)}`);
    expect(signedOut.status).toBe(307);
    expect(signedOut.html).not.toContain(transcript.text);

    // A cookie that passes middleware's check but whose session has ended renders no data either.
    await fetch(`${readServerState().baseUrl}/api/auth/logout`, { method: "POST", headers: { cookie, origin: readServerState().baseUrl } });
    const ended = await firstHtml(`/transcript/${encodeURIComponent(transcript.id)}`, cookie);
    expect(ended.status).toBe(200);
    expect(ended.html).not.toContain(transcript.text);
    expect(ended.html).not.toContain('data-testid="message"');
    expect(ended.html).toContain("Loading...");
    cookie = await sessionCookie(EMAIL);
  });

  it("of Analytics holds the figures when the time zone is known, and none for a signed-out visitor", async () => {
    const signedIn = await firstHtml("/analytics", `${cookie}; ${TIME_ZONE_COOKIE}=UTC`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.html).toContain('data-testid="analytics-content"');
    expect(signedIn.html).toContain("Conversations in selected period");

    const withoutZone = await firstHtml("/analytics", cookie);
    expect(withoutZone.html).not.toContain('data-testid="analytics-content"');

    await fetch(`${readServerState().baseUrl}/api/auth/logout`, { method: "POST", headers: { cookie, origin: readServerState().baseUrl } });
    const ended = await firstHtml("/analytics", `${cookie}; ${TIME_ZONE_COOKIE}=UTC`);
    expect(ended.html).not.toContain('data-testid="analytics-content"');
    expect(ended.html).not.toContain("Conversations in selected period");
    cookie = await sessionCookie(EMAIL);
  });

  it("of / is a redirect: to /dashboard with a session, else to /login", async () => {
    const signedIn = await firstHtml("/", cookie);
    expect([signedIn.status, new URL(signedIn.location ?? "", readServerState().baseUrl).pathname]).toEqual([307, "/dashboard"]);
    const signedOut = await firstHtml("/");
    expect([signedOut.status, new URL(signedOut.location ?? "", readServerState().baseUrl).pathname]).toEqual([307, "/login"]);
  });

  it(
    "hydrates without a mismatch and without fetching the transcript again",
    inBrowser("first-html", async ({ page, go }) => {
      // A hydration mismatch is reported on the console, not thrown.
      const consoleErrors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) consoleErrors.push(message.text());
      });
      const failedCalls: string[] = [];
      page.on("response", (response) => {
        if (response.status() >= 400) failedCalls.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      await signIn(page, readServerState().baseUrl, EMAIL);
      const detailCalls: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/api/transcript/")) detailCalls.push(request.url());
      });
      await go(`/transcript/${encodeURIComponent(transcript.id)}`);
      await page.getByTestId("message").first().waitFor();
      await page.getByText(transcript.text, { exact: true }).first().waitFor();
      await page.waitForLoadState("networkidle");
      expect(detailCalls).toEqual([]);
      expect(consoleErrors).toEqual([]);
      expect(failedCalls).toEqual([]);
    }),
  );
});
