// Review in the browser: the transcript page's review panel, the dashboard's view in the address
// (a copied link opens the same list in a new browser), a saved view, Review next with the
// keyboard, and a bulk action with its confirmation.
import { inBrowser, openBrowser } from "./support/browser";
import { browserNow } from "./support/clock";
import { createAccount, tokenFor } from "./support/accounts";
import { signIn } from "./support/ui";
import { apiTranscripts, listCallDuring } from "./support/transcripts";
import type { TagItem } from "@/lib/schemas/review";

const DAY_MS = 86_400_000;

async function post<T>(baseUrl: string, token: string, pathname: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${pathname}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe("the review workflow", () => {
  it(
    "changes status, tags, assignee and notes on the transcript page",
    inBrowser("review-panel", async ({ page, baseUrl, go, snap }) => {
      await createAccount({ email: "rina.admin@example.com", isAdmin: true, name: "Rina" });
      await createAccount({ email: "bo.colleague@example.com", name: "Bo" });
      const token = await tokenFor("rina.admin@example.com");
      const tag = await post<TagItem>(baseUrl, token, "/api/tags", { name: "Wrong answer", color: "#dc2626" });
      const list = await apiTranscripts(token, {
        startTime: new Date(browserNow().getTime() - 30 * DAY_MS).toISOString(),
        endTime: browserNow().toISOString(),
        page: 1,
        limit: 1,
      });
      const id = list.transcripts[0].id;
      await signIn(page, baseUrl, "rina.admin@example.com");
      await go(`/transcript/${encodeURIComponent(id)}`);
      const panel = page.getByTestId("review-panel");
      await panel.waitFor();
      await panel.getByRole("button", { name: "Needs attention" }).click();
      await panel.getByRole("button", { name: "Needs attention", pressed: true }).waitFor();
      await panel
        .getByTestId("review-changed")
        .getByText(/by Rina/)
        .waitFor();
      await panel.getByRole("button", { name: "Assign to me" }).click();
      await panel.getByTestId("review-assignee").getByText("Rina").waitFor();
      // Handed to a colleague, then taken back.
      await panel.getByRole("combobox", { name: "Assign to a colleague" }).click();
      await page.getByRole("option", { name: "Bo" }).click();
      await panel.getByTestId("review-assignee").getByText("Bo").waitFor();
      await panel.getByRole("button", { name: "Assign to me" }).click();
      await panel.getByTestId("review-assignee").getByText("Rina").waitFor();
      await panel.getByRole("combobox", { name: "Add a tag" }).click();
      await page.getByRole("option", { name: tag.name }).click();
      await panel.getByRole("button", { name: `Remove tag ${tag.name}` }).waitFor();
      await panel.getByRole("textbox", { name: "New note" }).fill("Customer asked twice; the bot missed it.");
      await panel.getByRole("button", { name: "Add note" }).click();
      await panel.getByTestId("note").getByText("Customer asked twice; the bot missed it.").waitFor();
      // The status buttons stay inside the panel.
      const [statusBox, panelBox] = [await panel.getByRole("group", { name: "Review status" }).boundingBox(), await panel.boundingBox()];
      expect(statusBox!.x + statusBox!.width).toBeLessThanOrEqual(panelBox!.x + panelBox!.width);
      await snap("review-panel");

      // Reloaded, the review is the server's.
      await page.reload();
      await panel.getByTestId("note").waitFor();
      expect(await panel.getByTestId("note-author").innerText()).toBe("Rina");
      await panel.getByRole("button", { name: "Delete note by Rina" }).click();
      await page.getByRole("button", { name: "Delete note" }).click();
      await panel.getByText("No notes yet").waitFor();
    }),
  );

  it(
    "keeps the whole view in the address: a copied link shows the same list, Back goes to the earlier view",
    inBrowser("review-url", async ({ page, baseUrl, snap }) => {
      await createAccount({ email: "ugo.url@example.com" });
      await signIn(page, baseUrl, "ugo.url@example.com");
      await page.getByRole("button", { name: "Last 30 days" }).click();
      await listCallDuring(page, () => page.getByRole("button", { name: "Fetch Transcripts" }).click());
      await page.getByRole("heading", { name: /^Transcripts \(/ }).waitFor();
      const before = page.url();
      const filtered = await listCallDuring(
        page,
        async () => {
          await page.getByRole("combobox", { name: "Status" }).click();
          await page.getByRole("option", { name: "Unreviewed" }).click();
        },
        { status: "unreviewed" },
      );
      await page.waitForURL(/status=unreviewed/);
      let shown = filtered;
      const secondPage = page.getByRole("button", { name: "Page 2" });
      if ((await secondPage.count()) > 0) {
        shown = await listCallDuring(page, () => secondPage.click(), { status: "unreviewed", page: "2" });
        await page.waitForURL(/page=2/);
      }
      // The rows compared are the page the address names, once each browser shows it.
      const rowsShown = (ids: string[]) =>
        [...document.querySelectorAll("[data-testid=transcript-row]")].map((row) => row.getAttribute("data-transcript-id")).join() ===
        ids.join();
      const shownIds = shown.body.transcripts.map((item) => item.id);
      await page.waitForFunction(rowsShown, shownIds);
      const url = page.url();
      await snap("review-url");

      // A new browser (its own storage) opens the copied address.
      const other = await openBrowser("review-url-copy");
      try {
        await signIn(other.page, baseUrl, "ugo.url@example.com");
        const otherCall = await listCallDuring(other.page, () => other.page.goto(url), {
          status: "unreviewed",
          page: shown.url.searchParams.get("page"),
        });
        const otherIds = otherCall.body.transcripts.map((item) => item.id);
        await other.page.waitForFunction(rowsShown, otherIds);
        expect(otherIds).toEqual(shownIds);
        expect(new URL(other.page.url()).searchParams.get("status")).toBe("unreviewed");
      } finally {
        await other.close();
      }
      expect(filtered.body.total).toBeGreaterThan(0);

      // Back steps through the earlier views.
      await page.goBack();
      await page.goBack();
      await page.waitForURL((current) => !current.searchParams.has("status") || current.href === before);
    }),
  );

  it(
    "saves a view and shows it again",
    inBrowser("review-saved-view", async ({ page, baseUrl }) => {
      await createAccount({ email: "sara.saved@example.com" });
      await signIn(page, baseUrl, "sara.saved@example.com");
      await page.getByRole("button", { name: "Last 30 days" }).click();
      await listCallDuring(page, () => page.getByRole("button", { name: "Fetch Transcripts" }).click());
      await page.getByRole("combobox", { name: "Feedback" }).click();
      await page.getByRole("option", { name: "Has no rating" }).click();
      await page.waitForURL(/feedback=none/);
      await page.getByRole("button", { name: "Saved views" }).click();
      await page.getByRole("menuitem", { name: "Save current view..." }).click();
      await page.getByRole("textbox", { name: "Name" }).fill("Unrated this month");
      await page.getByRole("checkbox", { name: "Share with everyone" }).check();
      await page.getByRole("button", { name: "Save view" }).click();
      await page.getByRole("dialog").waitFor({ state: "hidden" });

      // Clear the filter, then the saved view brings it back.
      await page.getByRole("combobox", { name: "Feedback" }).click();
      await page.getByRole("option", { name: "Any feedback" }).click();
      await page.waitForURL((url) => !url.searchParams.has("feedback"));
      await page.getByRole("button", { name: "Saved views" }).click();
      // The view's own item; its delete item ("Delete view Unrated this month") follows it.
      await page.getByRole("menuitem", { name: /^Unrated this month/ }).click();
      await page.waitForURL(/feedback=none/);
    }),
  );

  it(
    "walks a list with Review next and the keyboard",
    inBrowser("review-next", async ({ page, baseUrl, snap }) => {
      await createAccount({ email: "nick.next@example.com", name: "Nick" });
      await signIn(page, baseUrl, "nick.next@example.com");
      await page.getByRole("button", { name: "Last 7 days" }).click();
      await listCallDuring(page, () => page.getByRole("button", { name: "Fetch Transcripts" }).click());
      await page.getByRole("button", { name: "Review next" }).click();
      await page.waitForURL(/\/transcript\/.+\?queue=/);
      const first = new URL(page.url()).pathname;
      const progress = page.getByTestId("pass-progress");
      await progress.getByText(/ of \d+ reviewed/).waitFor();
      await page.getByTestId("review-panel").waitFor();
      const before = Number((await progress.innerText()).split(" ")[0].replace(/,/g, ""));
      await page.keyboard.press("r");
      await page.getByTestId("review-panel").getByRole("button", { name: "Reviewed", pressed: true }).waitFor();
      await progress.getByText(`${(before + 1).toLocaleString("en-US")} of`).waitFor();
      await page.keyboard.press("?");
      await page.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
      await snap("review-next-shortcuts");
      await page.keyboard.press("Escape");
      await page.keyboard.press("n");
      await page.waitForURL((url) => url.pathname !== first);
      await page.getByTestId("review-panel").waitFor();
      await page.keyboard.press("p");
      await page.waitForURL((url) => url.pathname === first);
    }),
  );

  it(
    "applies a bulk action to all N matching after confirming N",
    inBrowser("review-bulk", async ({ page, baseUrl, snap }) => {
      await createAccount({ email: "bea.bulk@example.com" });
      const token = await tokenFor("bea.bulk@example.com");
      await signIn(page, baseUrl, "bea.bulk@example.com");
      await page.getByRole("button", { name: "Last 7 days" }).click();
      const fetched = await listCallDuring(page, () => page.getByRole("button", { name: "Fetch Transcripts" }).click());
      await page.getByPlaceholder("Filter by Session ID...").fill(fetched.body.transcripts[0].sessionId);
      await page
        .getByTestId("filtered-results")
        .getByText(/filtered result/)
        .waitFor();
      const session = fetched.body.transcripts[0].sessionId;
      const expected = await apiTranscripts(token, {
        startTime: fetched.url.searchParams.get("startTime") ?? "",
        endTime: fetched.url.searchParams.get("endTime") ?? "",
        page: 1,
        limit: 100,
        sessionId: session,
      });
      await page.getByRole("button", { name: "Bulk actions" }).click();
      await page.getByRole("menuitem", { name: "Mark needs attention" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText(expected.total === 1 ? "the one matching transcript" : `all ${expected.total} matching`).waitFor();
      await snap("review-bulk-confirm");
      await dialog.getByRole("button", { name: `Apply to ${expected.total}` }).click();
      await dialog.waitFor({ state: "hidden" });
      const after = await apiTranscripts(token, {
        startTime: fetched.url.searchParams.get("startTime") ?? "",
        endTime: fetched.url.searchParams.get("endTime") ?? "",
        page: 1,
        limit: 100,
        sessionId: session,
      });
      for (const row of after.transcripts) expect((row as unknown as { reviewStatus: string }).reviewStatus).toBe("needs_attention");
    }),
  );
});
