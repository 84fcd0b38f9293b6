// Privacy in the browser: an administrator turns e-mail redaction off, adds a custom pattern (and
// is told why an unsafe one is refused), redacts the stored transcripts with a progress bar, sets a
// retention, and erases a session's transcripts by request, asked again when their number changed
// since the preview and followed to its end in the background; the transcript page shows what was
// redacted as badges.
import type { Page } from "playwright-core";
import { createIngestKey } from "@/lib/server/ingest/ingest-keys";
import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings } from "@/lib/schemas/privacy";
import { inBrowser, PHONE, DESKTOP, toastNamed, waitForPath } from "./support/browser";
import { apiGet, createAccount, tokenFor } from "./support/accounts";
import { seriousAxeViolations } from "./support/axe";
import { signIn } from "./support/ui";
import { conversation } from "../helpers/stored-transcripts";

const ADMIN = "privacy.admin@example.com";
const ERASED_SESSION = "privacy-e2e-erasure-request";

/** Transcript ids of this journey alone: 24 hex digits no other journey uses. */
let made = 0;
const transcriptId = () => `5e1dacc0${String((made += 1)).padStart(16, "0")}`;

function transcript(sessionID: string, question: string, answer: string) {
  const at = (second: number) => new Date(Date.UTC(2025, 2, 5, 15, 4, second)).toISOString();
  return conversation({
    _id: transcriptId(),
    sessionID,
    dialog: [
      { type: "request", format: "request", startTime: at(0), payload: { type: "intent", payload: { query: question } } },
      { type: "text", format: "trace", startTime: at(2), payload: { type: "text", payload: { message: answer } } },
    ],
  });
}

async function call(baseUrl: string, method: string, pathname: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function savedSettings(token: string): Promise<PrivacySettings> {
  const res = await apiGet("/api/admin/privacy", token);
  expect(res.status).toBe(200);
  return res.body as PrivacySettings;
}

/** The page never scrolls sideways at phone width. */
async function holdsAtPhoneWidth(page: Page): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

describe("privacy", () => {
  it(
    "lets an administrator choose what is redacted, redact stored transcripts, keep them for a while and erase them on request",
    inBrowser("privacy", async ({ page, baseUrl, go, snap }) => {
      const admin = await createAccount({ email: ADMIN, isAdmin: true, name: "Priya" });
      const { key } = await createIngestKey({ name: "privacy journey", actor: admin });
      const ingest = async (...transcripts: ReturnType<typeof transcript>[]) => {
        const res = await call(baseUrl, "POST", "/api/ingest/transcripts", key, transcripts);
        expect(res).toMatchObject({ status: 200, body: { rejected: [] } });
      };
      const token = await tokenFor(ADMIN);
      try {
        await signIn(page, baseUrl, ADMIN);
        await go("/admin");
        await page.getByRole("link", { name: "Privacy" }).waitFor();
        await holdsAtPhoneWidth(page);
        await page.getByRole("link", { name: "Privacy" }).click();
        await waitForPath(page, "/admin/privacy");
        await page.getByRole("heading", { name: "Privacy", level: 1 }).waitFor();

        // E-mail addresses off: new transcripts keep them.
        const email = page.getByRole("switch", { name: "E-mail addresses" });
        expect(await email.isChecked()).toBe(true);
        await email.uncheck();
        await page.getByRole("button", { name: "Save redaction settings" }).click();
        await toastNamed(page, "Redaction settings saved").waitFor();
        expect((await savedSettings(token)).redact).toEqual({ ...DEFAULT_PRIVACY_SETTINGS.redact, email: false });
        await page.reload();
        expect(await page.getByRole("switch", { name: "E-mail addresses" }).isChecked()).toBe(false);

        // Stored now: the address stays, the phone number is redacted at ingest, the order number is no kind yet.
        const told = transcript(
          "privacy-e2e-order",
          "I am jane.roe@example.com and order ORD-123456 is late",
          "Sorry! We will call you on +44 20 7946 0958 about ORD-123456.",
        );
        await ingest(told);

        // A custom pattern for order numbers is saved; one that uses look-ahead is refused with the server's reason.
        await page.getByRole("button", { name: "Add pattern" }).click();
        const first = page.getByRole("group", { name: "Custom pattern 1" });
        await first.getByLabel("Name").fill("order_id");
        await first.getByLabel("Regular expression").fill("ORD-\\d{6}");
        await first.getByText("Replaced by [ORDER_ID]").waitFor();
        await page.getByRole("button", { name: "Save redaction settings" }).click();
        await toastNamed(page, "Redaction settings saved").last().waitFor();
        expect((await savedSettings(token)).customPatterns).toEqual([{ name: "ORDER_ID", pattern: "ORD-\\d{6}" }]);

        await page.getByRole("button", { name: "Add pattern" }).click();
        const second = page.getByRole("group", { name: "Custom pattern 2" });
        await second.getByLabel("Name").fill("AHEAD");
        await second.getByLabel("Regular expression").fill("ORD(?=-)");
        const [refused] = await Promise.all([
          page.waitForResponse((res) => new URL(res.url()).pathname === "/api/admin/privacy" && res.request().method() === "PUT"),
          page.getByRole("button", { name: "Save redaction settings" }).click(),
        ]);
        expect(refused.status()).toBe(400);
        const { message } = (await refused.json()) as { message: string };
        const shown = page.getByTestId("redaction-error");
        await shown.getByText(message, { exact: true }).waitFor();
        expect(await second.getByLabel("Regular expression").getAttribute("aria-invalid")).toBe("true");
        expect(await seriousAxeViolations(page)).toEqual([]);
        await holdsAtPhoneWidth(page);
        await snap("refused-pattern");
        await page.getByRole("button", { name: "Remove custom pattern 2 AHEAD" }).click();
        expect(await shown.innerText()).toBe("");
        expect((await savedSettings(token)).customPatterns).toHaveLength(1);

        // Redaction of the stored transcripts, followed to its end.
        await page.getByRole("button", { name: "Apply redaction to stored transcripts" }).click();
        await page.getByRole("alertdialog").getByRole("button", { name: "Apply redaction" }).click();
        const bar = page.getByRole("progressbar", { name: "Redaction of stored transcripts" });
        await bar.waitFor();
        await page.locator('[data-testid=redaction-job][data-status="succeeded"]').waitFor({ timeout: 60_000 });
        expect(await bar.getAttribute("aria-valuenow")).toBe("100");
        expect(await page.getByTestId("redaction-progress").innerText()).toMatch(
          /^Done: [\d,]+ transcripts checked and redacted by the saved settings\.$/,
        );

        // Retention: kept ten years, read back from the server.
        await page.getByRole("radio", { name: "Keep transcripts for" }).check();
        await page.getByRole("spinbutton", { name: "Days to keep transcripts" }).fill("3650");
        await page.getByRole("button", { name: "Save retention" }).click();
        await toastNamed(page, "Retention saved").waitFor();
        expect((await savedSettings(token)).retentionDays).toBe(3650);
        await snap("redacted-and-retention");

        // Erasure by session ID: previewed, then the session grows before the erasure is confirmed.
        const session = [1, 2, 3].map((n) => transcript(ERASED_SESSION, `Question ${n} from jo@example.org`, `Answer ${n}`));
        await ingest(...session);
        await page.getByRole("radio", { name: "Session ID" }).check();
        await page.getByRole("textbox", { name: "Session ID" }).fill(ERASED_SESSION);
        await page.getByRole("textbox", { name: "Reason (required)" }).fill("Erasure request #34 from the customer");
        await page.getByRole("button", { name: "Preview" }).click();
        await page.getByTestId("erase-preview").getByText("3 transcripts will be deleted.").waitFor();
        await page.getByTestId("erase-preview").scrollIntoViewIfNeeded();
        await snap("erase-preview");

        const late = transcript(ERASED_SESSION, "One more thing", "Noted.");
        await ingest(late);
        const erased = (res: { url: () => string; request: () => { method: () => string } }) =>
          new URL(res.url()).pathname === "/api/admin/transcripts/erase" && res.request().method() === "POST";
        await page.getByRole("button", { name: "Erase 3 transcripts" }).click();
        const [changed] = await Promise.all([
          page.waitForResponse(erased),
          page.getByRole("alertdialog", { name: "Erase 3 transcripts?" }).getByRole("button", { name: "Erase" }).click(),
        ]);
        expect(changed.status()).toBe(409);
        expect(await changed.json()).toMatchObject({ count: 4 });
        const again = page.getByRole("alertdialog", { name: "Erase 4 transcripts?" });
        await again.getByText("The number changed since the preview (it was 3).", { exact: false }).waitFor();
        await snap("erase-asked-again");
        // It goes on in the background (this server gives an erasure no time within its request).
        const [done] = await Promise.all([page.waitForResponse(erased), again.getByRole("button", { name: "Erase" }).click()]);
        expect(done.status()).toBe(202);
        expect(await done.json()).toEqual({ deleted: 0, total: 4, jobId: expect.any(String) });
        await page.locator('[data-testid=erase-job][data-status="succeeded"]').waitFor({ timeout: 60_000 });
        expect(await page.getByTestId("erase-progress").innerText()).toBe("Deleted 4 transcripts");
        expect(await page.getByRole("progressbar", { name: "Erasure of transcripts" }).getAttribute("aria-valuenow")).toBe("100");
        await snap("erase-done");
        for (const gone of [...session, late]) expect((await apiGet(`/api/transcript/${gone._id}`, token)).status).toBe(404);
        await holdsAtPhoneWidth(page);

        // Erasure by person: the phone number redacted at ingest is found by its keyed hash, and the
        // transcripts stored before such hashes were kept get theirs from the job started here.
        await page.getByRole("button", { name: "Find people in stored transcripts" }).click();
        await page.locator('[data-testid=person-keys-job][data-status="succeeded"]').waitFor({ timeout: 60_000 });
        await page.getByRole("radio", { name: "A person's e-mail address or phone number" }).check();
        await page.getByRole("textbox", { name: "E-mail address or phone number" }).fill("020 7946 0958");
        await page.getByRole("textbox", { name: "Reason (required)" }).fill("Erasure request #48 by phone");
        await page.getByRole("button", { name: "Preview" }).click();
        await page
          .getByTestId("erase-preview")
          .getByText(/^\d+ transcripts? will be deleted\.$/)
          .waitFor();
        const byPhone = await apiGet(`/api/admin/transcripts/by-person?phone=${encodeURIComponent("020 7946 0958")}`, token);
        expect(byPhone.body.ids).toContain(told._id);
        await snap("erase-by-person");

        // The transcript page: the phone number and the order number as badges; the address as written.
        await go(`/transcript/${told._id}`);
        const messages = page.getByRole("list", { name: "Messages" });
        await messages.getByRole("img", { name: "redacted phone number" }).waitFor();
        // The custom patterns' names arrive with the settings, after the transcript.
        await messages.getByRole("img", { name: "redacted order id" }).nth(1).waitFor();
        expect(await messages.getByRole("img", { name: "redacted order id" }).count()).toBe(2);
        expect(await messages.getByRole("img", { name: "redacted order id" }).first().innerText()).toBe("[ORDER_ID]");
        await messages.getByText("I am jane.roe@example.com and order", { exact: false }).waitFor();
        expect(await seriousAxeViolations(page)).toEqual([]);
        await holdsAtPhoneWidth(page);
        await snap("transcript-badges");
      } finally {
        // Later journeys find the defaults again.
        const restored = await call(baseUrl, "PUT", "/api/admin/privacy", token, DEFAULT_PRIVACY_SETTINGS);
        expect(restored.status).toBe(200);
      }
    }),
  );
});
