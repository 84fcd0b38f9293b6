// Feedback management in the browser: users rate bot answers on seeded transcripts;
// an administrator sees the counts and the table, reads and copies a comment, marks feedback
// reviewed (by mouse and by keyboard), filters, deletes one, and exports CSV and JSON, whose
// files are checked. Screens at desktop and phone width.
import { readFileSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { db } from "@/lib/server/db";
import type { FeedbackDto } from "@/lib/schemas/feedback";
import { DESKTOP, PHONE, inBrowser, toastNamed, waitForPath } from "./support/browser";
import { createAccount, tokenFor } from "./support/accounts";
import { seriousAxeViolations } from "./support/axe";
import { botTurnIndexes, feedbackCounts, findFeedback, giveFeedback, transcriptIds } from "./support/feedback-data";
import { openUserMenu, signIn } from "./support/ui";

const ADMIN = "feedback.admin@example.com";
const RATER = "rater.one@example.com";
const NAMED = "rater.two@example.com";
const GONE = "rater.gone@example.com";
const INJECTION = '=HYPERLINK("http://evil.example","Click"), said "refund"';
const LONG = "The bot quoted a refund window of 60 days, but the policy page says 30 days for sale items and 14 days for gift cards.";
const BOM = "\uFEFF";
const HEADER =
  '"Feedback ID","User Email","User Name","Transcript ID","Message Index","Feedback Type","Comment","Review Status","Created At"';

const row = (page: Page, id: string) => page.locator(`[data-testid=feedback-row][data-id="${id}"]`);
const shownIds = (page: Page) =>
  page.locator("[data-testid=feedback-row]").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-id")));

const COUNT_LABELS = {
  total: "Total Feedback",
  thumbsUp: "Thumbs Up",
  thumbsDown: "Thumbs Down",
  pending: "Pending Review",
  reviewed: "Reviewed",
} as const;

async function counts(page: Page) {
  const read = async (label: string) => Number(((await page.getByTestId(`count-${label}`).textContent()) ?? "").replace(/,/g, ""));
  return {
    total: await read(COUNT_LABELS.total),
    thumbsUp: await read(COUNT_LABELS.thumbsUp),
    thumbsDown: await read(COUNT_LABELS.thumbsDown),
    pending: await read(COUNT_LABELS.pending),
    reviewed: await read(COUNT_LABELS.reviewed),
  };
}

/** Waits until every count card shows what the database holds (the cards refetch after each change). */
async function waitForCounts(page: Page) {
  const expected = await feedbackCounts();
  const shown = Object.fromEntries(
    Object.entries(COUNT_LABELS).map(([key, label]) => [label, expected[key as keyof typeof COUNT_LABELS].toLocaleString("en-US")]),
  );
  await page.waitForFunction(
    (want) => Object.entries(want).every(([label, text]) => document.querySelector(`[data-testid="count-${label}"]`)?.textContent === text),
    shown,
  );
  expect(await counts(page)).toEqual(expected);
}

/** Picks a filter and waits until the table shows its answer (a filter seen before may come from the cache). */
async function chooseFilter(page: Page, label: string) {
  await page.getByLabel("Filter").click();
  await page.getByRole("option", { name: label, exact: true }).click();
  await page.waitForFunction((text) => document.getElementById("feedback-filter")?.textContent === text, label);
  await page.locator('[data-testid=feedback-list][aria-busy="false"]').waitFor();
}

async function download(page: Page, button: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), button.click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: readFileSync(path!, "utf8") };
}

/** Waits until the stored review status is as expected. */
async function statusIs(id: string, expected: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  let status: string | undefined;
  while (Date.now() < deadline) {
    status = (await findFeedback(id))?.reviewStatus;
    if (status === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(status).toBe(expected);
}

async function topOfPage(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe("feedback management", () => {
  it(
    "lets an administrator review, filter, copy, delete and export feedback",
    inBrowser("feedback-admin", async ({ page, context, baseUrl, go, snap }) => {
      await createAccount({ email: ADMIN, isAdmin: true });
      await createAccount({ email: RATER });
      await createAccount({ email: NAMED, name: "Rita Rater" });
      await createAccount({ email: GONE });
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
      await signIn(page, baseUrl, ADMIN);

      // Before anyone rated anything (when this journey runs first): the empty state, nothing to export.
      if ((await feedbackCounts()).total === 0) {
        await go("/admin/feedback");
        await page.getByText("No feedback submitted yet").waitFor();
        await page.getByRole("button", { name: "Export CSV" }).click();
        await toastNamed(page, "No data to export").getByText("There is no feedback data available to export").waitFor();
        await snap("empty");
      }

      // Users rate bot turns of seeded transcripts; one of them is deleted afterwards.
      const [raterToken, namedToken, goneToken] = await Promise.all([tokenFor(RATER), tokenFor(NAMED), tokenFor(GONE)]);
      const ids = await transcriptIds(4);
      const bots = await Promise.all(ids.map((id) => botTurnIndexes(id, raterToken)));
      const a = await giveFeedback(raterToken, {
        transcriptId: ids[0],
        messageIndex: bots[0][0],
        feedbackType: "thumbs_down",
        comment: INJECTION,
      });
      const b = await giveFeedback(raterToken, { transcriptId: ids[1], messageIndex: bots[1][0], feedbackType: "thumbs_up" });
      const c = await giveFeedback(namedToken, {
        transcriptId: ids[1],
        messageIndex: bots[1][0],
        feedbackType: "thumbs_down",
        comment: LONG,
      });
      const d = await giveFeedback(namedToken, {
        transcriptId: ids[2],
        messageIndex: bots[2][0],
        feedbackType: "thumbs_up",
        comment: "Clear and correct.",
      });
      const e = await giveFeedback(goneToken, {
        transcriptId: ids[3],
        messageIndex: bots[3].at(-1)!,
        feedbackType: "thumbs_down",
        comment: "Left before review",
      });
      await db.user.delete({ where: { email: GONE } });

      // The counts and the table.
      await go("/admin/feedback");
      await page.getByRole("heading", { name: "Feedback Management" }).waitFor();
      await row(page, e.id).waitFor();
      await waitForCounts(page);
      expect(await page.locator("thead th").allTextContents()).toEqual([
        "User",
        "Transcript ID",
        "Message #",
        "Feedback",
        "Comment",
        "Review Status",
        "Date",
        "Actions",
      ]);
      const rowA = row(page, a.id);
      expect(await rowA.getByText(RATER).isVisible()).toBe(true);
      expect(await rowA.getByRole("link").getAttribute("href")).toBe(`/transcript/${ids[0]}#message-${a.messageIndex}`);
      expect(await rowA.getByRole("link").textContent()).toBe(`${ids[0].slice(0, 8)}…`);
      expect(await rowA.locator("td").nth(2).textContent()).toBe(String(a.messageIndex + 1));
      expect(await rowA.locator("td").nth(3).textContent()).toBe("Not Helpful");
      expect(await row(page, b.id).locator("td").nth(3).textContent()).toBe("Helpful");
      expect(await row(page, c.id).getByText("Rita Rater").isVisible()).toBe(true);
      expect(await row(page, e.id).getByText("Deleted user").isVisible()).toBe(true);
      expect(await row(page, b.id).getByText("No comment").count()).toBe(1);
      expect(await rowA.getByTestId("review-status").textContent()).toBe("Pending review");
      expect(await seriousAxeViolations(page)).toEqual([]);
      // At desktop width all eight columns fit: nothing scrolls sideways.
      expect(await page.locator("[data-testid=feedback-list] .overflow-x-auto").evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      await snap("list");

      // A rating's link opens its transcript at the rated message: marked, the only one, and in view.
      await rowA.getByRole("link").click();
      await page.waitForURL((url) => url.pathname === `/transcript/${ids[0]}` && url.hash === `#message-${a.messageIndex}`);
      await page.locator(`[data-testid=message][data-index="${a.messageIndex}"][aria-current=location]`).waitFor();
      expect(await page.locator("[data-testid=message][aria-current]").count()).toBe(1);
      await page.waitForFunction((index) => {
        const box = document.querySelector(`[data-testid=message][data-index="${index}"]`)!.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      }, a.messageIndex);
      const ratingsOfA = page.locator(`[data-testid=message][data-index="${a.messageIndex}"] [data-testid=message-ratings]`);
      expect(await ratingsOfA.locator(`[data-testid=message-rating-item][data-id="${a.id}"]`).innerText()).toContain(INJECTION);
      await snap("rated-message");
      await page.goBack();
      await row(page, e.id).waitFor();

      // A long comment is cut; hovering shows all of it; the copy button copies it and says so.
      const rowC = row(page, c.id);
      const preview = rowC.getByTestId("comment-preview");
      expect((await preview.locator("[aria-hidden]").textContent())?.endsWith("…")).toBe(true);
      await preview.hover();
      const tooltip = page.getByTestId("comment-full");
      await tooltip.waitFor();
      expect(await tooltip.textContent()).toContain(LONG);
      await snap("comment-tooltip");
      await page.mouse.move(0, 0);
      await rowC.getByRole("button", { name: "Copy comment" }).click();
      await rowC.getByText("Copied!").waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(LONG);

      // Review status: D by mouse, C by keyboard.
      await row(page, d.id).getByTestId("review-status").click();
      await page.getByRole("option", { name: "Reviewed" }).click();
      await toastNamed(page, "Review status updated").waitFor();
      await statusIs(d.id, "reviewed");
      const focusedOption = (name: string) =>
        page.waitForFunction(
          (text) => document.activeElement?.getAttribute("role") === "option" && document.activeElement.textContent === text,
          name,
        );
      await rowC.getByTestId("review-status").focus();
      await page.keyboard.press("Enter");
      await focusedOption("Pending review");
      await page.keyboard.press("ArrowDown");
      await focusedOption("Reviewed");
      await page.keyboard.press("Enter");
      await statusIs(c.id, "reviewed");
      await toastNamed(page, "Review status updated").waitFor();
      await waitForCounts(page);
      expect(await rowC.getByTestId("review-status").textContent()).toBe("Reviewed");

      // The filters.
      const pendingRequest = page.waitForRequest((req) => new URL(req.url()).pathname === "/api/admin/feedback");
      await chooseFilter(page, "Pending Review");
      expect(Object.fromEntries(new URL((await pendingRequest).url()).searchParams)).toEqual({ filter: "pending", page: "1", limit: "50" });
      let shown = await shownIds(page);
      expect(shown).toEqual(expect.arrayContaining([a.id, b.id, e.id]));
      expect(shown).not.toContain(c.id);
      expect(shown).not.toContain(d.id);
      expect(new Set(await page.getByTestId("review-status").allTextContents())).toEqual(new Set(["Pending review"]));

      await chooseFilter(page, "Reviewed");
      shown = await shownIds(page);
      expect(shown).toEqual(expect.arrayContaining([c.id, d.id]));
      expect(shown).toHaveLength((await feedbackCounts()).reviewed);

      await chooseFilter(page, "Not Helpful");
      shown = await shownIds(page);
      expect(shown).toEqual(expect.arrayContaining([a.id, c.id, e.id]));
      expect(new Set(await page.locator("[data-testid=feedback-row] td:nth-child(4)").allTextContents())).toEqual(new Set(["Not Helpful"]));
      await topOfPage(page);
      await snap("not-helpful");

      // JSON export of what the filter selects.
      const json = await download(page, page.getByRole("button", { name: "Export JSON" }));
      expect(json.name).toMatch(/^feedback-export-\d{4}-\d{2}-\d{2}\.json$/);
      const exported = JSON.parse(json.text) as FeedbackDto[];
      expect(exported).toHaveLength(await db.feedback.count({ where: { feedbackType: "thumbs_down" } }));
      expect(exported.every((item) => item.feedbackType === "thumbs_down")).toBe(true);
      expect(exported.find((item) => item.id === e.id)).toMatchObject({
        user: null,
        comment: "Left before review",
        messageIndex: e.messageIndex,
      });
      await toastNamed(page, "Export successful").getByText(`Exported ${exported.length} feedback items as JSON`).waitFor();

      await chooseFilter(page, "With Comments");
      shown = await shownIds(page);
      expect(shown).toEqual(expect.arrayContaining([a.id, c.id, d.id, e.id]));
      expect(shown).not.toContain(b.id);

      // Delete B after confirming.
      await chooseFilter(page, "All Feedback");
      await row(page, b.id).getByTestId("delete-feedback").click();
      const dialog = page.getByRole("alertdialog");
      await dialog.getByText("Delete this feedback?").waitFor();
      await snap("delete-dialog");
      await dialog.getByRole("button", { name: "Delete" }).click();
      await toastNamed(page, "Feedback deleted").waitFor();
      await row(page, b.id).waitFor({ state: "detached" });
      expect(await findFeedback(b.id)).toBeNull();
      await waitForCounts(page);

      // CSV export of everything: BOM, header, one quoted row per feedback, injection neutralised.
      const csv = await download(page, page.getByRole("button", { name: "Export CSV" }));
      expect(csv.name).toMatch(/^feedback-export-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(csv.text.startsWith(BOM)).toBe(true);
      const lines = csv.text.slice(1).split("\r\n");
      expect(lines.pop()).toBe("");
      expect(lines[0]).toBe(HEADER);
      const total = await db.feedback.count();
      expect(lines).toHaveLength(total + 1);
      for (const line of lines) expect(line).toMatch(/^"(?:[^"]|"")*"(?:,"(?:[^"]|"")*"){8}$/);
      const lineOf = (id: string) => lines.find((line) => line.startsWith(`"${id}",`));
      expect(lineOf(a.id)).toBe(
        `"${a.id}","${RATER}","","${ids[0]}","${a.messageIndex}","thumbs_down","'=HYPERLINK(""http://evil.example"",""Click""), said ""refund""","pending","${a.createdAt}"`,
      );
      expect(lineOf(c.id)).toBe(
        `"${c.id}","${NAMED}","Rita Rater","${ids[1]}","${c.messageIndex}","thumbs_down","${LONG}","reviewed","${c.createdAt}"`,
      );
      expect(lineOf(e.id)).toMatch(new RegExp(`^"${e.id}","","","${ids[3]}",`));
      expect(lineOf(b.id)).toBeUndefined();
      await toastNamed(page, "Export successful").getByText(`Exported ${total} feedback items as CSV`).waitFor();

      // Phone width: the table scrolls inside its card, the page does not.
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(150);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.setViewportSize(DESKTOP);
      await topOfPage(page);
      await snap("after-delete");
    }),
    120_000,
  );

  it(
    "shows an administrator everyone's ratings of each answer on its transcript, to triage them there",
    inBrowser("transcript-ratings", async ({ page, baseUrl, go, snap }) => {
      const admin = "ratings.admin@example.com";
      const rater = "ratings.rater@example.com";
      await createAccount({ email: admin, isAdmin: true });
      await createAccount({ email: rater, name: "Ray Rater" });
      const [adminToken, raterToken] = await Promise.all([tokenFor(admin), tokenFor(rater)]);
      // A transcript the other journey leaves alone.
      const transcriptId = (await transcriptIds(6))[5];
      const [first, second] = await botTurnIndexes(transcriptId, raterToken);
      const down = await giveFeedback(raterToken, {
        transcriptId,
        messageIndex: first,
        feedbackType: "thumbs_down",
        comment: "Wrong hours.\nThe store opens at 9.",
      });
      const up = await giveFeedback(adminToken, { transcriptId, messageIndex: first, feedbackType: "thumbs_up" });
      // Pending on another transcript: where "Next to review" leads.
      const elsewhere = (await transcriptIds(6))[4];
      const elsewhereIndex = (await botTurnIndexes(elsewhere, raterToken))[0];
      await giveFeedback(raterToken, {
        transcriptId: elsewhere,
        messageIndex: elsewhereIndex,
        feedbackType: "thumbs_down",
        comment: "Check this one too",
      });

      // From Feedback Management (its list stays cached) to the rated answer, in the app.
      await signIn(page, baseUrl, admin);
      await go("/admin/feedback");
      await row(page, down.id).getByRole("link").click();
      await page.waitForURL((url) => url.pathname === `/transcript/${transcriptId}` && url.hash === `#message-${first}`);
      const ratingsOf = (index: number) => page.locator(`[data-testid=message][data-index="${index}"] [data-testid=message-ratings]`);
      const item = (id: string) => ratingsOf(first).locator(`[data-testid=message-rating-item][data-id="${id}"]`);
      await item(down.id).waitFor();
      expect(await ratingsOf(first).getByRole("heading").textContent()).toBe("Ratings (2)");
      expect(await item(down.id).innerText()).toMatch(
        /Not Helpful[\s\S]*ratings\.rater@example\.com[\s\S]*Wrong hours\.\nThe store opens at 9\./,
      );
      expect(await item(up.id).innerText()).toMatch(/Helpful[\s\S]*ratings\.admin@example\.com[\s\S]*No comment/);
      expect(await ratingsOf(second).count()).toBe(0);

      // Marked reviewed here; the administrator's own new rating joins the list at once.
      await item(down.id).getByTestId("review-status").click();
      await page.getByRole("option", { name: "Reviewed" }).click();
      await toastNamed(page, "Review status updated").waitFor();
      await statusIs(down.id, "reviewed");
      await page.locator(`[data-testid=message][data-index="${second}"]`).getByRole("button", { name: "Thumbs up" }).click();
      await ratingsOf(second).getByText(admin).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await snap("ratings");

      // On to the newest rating still pending on another transcript, and back.
      const next = await db.feedback.findFirstOrThrow({
        where: { reviewStatus: { not: "reviewed" }, transcriptId: { not: transcriptId } },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      });
      expect(next.transcriptId).toBe(elsewhere);
      await page.getByTestId("next-to-review").click();
      await page.waitForURL((url) => url.pathname === `/transcript/${elsewhere}` && url.hash === `#message-${elsewhereIndex}`);
      await page
        .locator(
          `[data-testid=message][data-index="${elsewhereIndex}"][aria-current=location] [data-testid=message-rating-item][data-id="${next.id}"]`,
        )
        .waitFor();
      await page.goBack();
      await page.waitForURL((url) => url.pathname === `/transcript/${transcriptId}`);
      await ratingsOf(second).getByText(admin).waitFor();

      // Back in Feedback Management, both changes show.
      await page.goBack();
      const added = await db.feedback.findFirstOrThrow({ where: { transcriptId, messageIndex: second } });
      await row(page, added.id).waitFor();
      await page.waitForFunction(
        (id) =>
          document.querySelector(`[data-testid=feedback-row][data-id="${id}"] [data-testid=review-status]`)?.textContent === "Reviewed",
        down.id,
      );

      // Someone who is not an administrator sees only their own rating, and never asks for the others'.
      const menu = await openUserMenu(page);
      await menu.getByRole("menuitem", { name: "Logout" }).click();
      await waitForPath(page, "/login");
      await signIn(page, baseUrl, rater);
      const adminCalls: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname.startsWith("/api/admin/")) adminCalls.push(request.url());
      });
      await go(`/transcript/${transcriptId}#message-${first}`);
      await page.locator(`[data-testid=message][data-index="${first}"] [data-testid=message-rating]`).waitFor();
      expect(await page.locator("[data-testid=message-ratings]").count()).toBe(0);
      expect(adminCalls).toEqual([]);
    }),
    60_000,
  );
});
