// Journey of the export with conversations: both formats picked in the Export menu are downloaded
// by the browser itself (no request of the page reads them), and hold exactly the fetched list's
// transcripts, whole: one JSON line per transcript, one CSV row per message.
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { inBrowser, toastNamed } from "./support/browser";
import { createAccount, tokenFor } from "./support/accounts";
import { signIn } from "./support/ui";
import { apiTranscripts, listCallDuring } from "./support/transcripts";
import { csvRows } from "../helpers/csv-rows";
import { CONVERSATION_CSV_HEADER, type ConversationLine } from "@/lib/export/conversations-export";

const EMAIL = "joan.lines@example.com";

/** Picks the menu item and returns the file the browser downloaded, its name and its address. */
async function download(page: Page, label: string) {
  await page.getByRole("button", { name: "Export" }).click();
  const [file] = await Promise.all([
    page.waitForEvent("download", { timeout: 30_000 }),
    page.getByRole("menuitem", { name: label }).click(),
  ]);
  expect(await file.failure()).toBeNull();
  const path = await file.path();
  return { name: file.suggestedFilename(), url: new URL(file.url()), text: readFileSync(path, "utf8") };
}

describe("export with conversations", () => {
  it(
    "downloads the fetched list as JSON Lines and as CSV rows per message",
    inBrowser("export-conversations", async ({ page, baseUrl, snap }) => {
      await createAccount({ email: EMAIL });
      const token = await tokenFor(EMAIL);
      await signIn(page, baseUrl, EMAIL);
      await page.getByRole("button", { name: "Last 30 days" }).click();
      const fetched = await listCallDuring(page, () => page.getByRole("button", { name: "Fetch Transcripts" }).click());
      const total = fetched.body.total;
      expect(total).toBeGreaterThan(100);
      await page.getByRole("heading", { name: /^Transcripts \(/ }).waitFor();
      // Whatever the page fetches itself: the exports are not among it.
      const pageReads: string[] = [];
      page.on("request", (request) => {
        if (["fetch", "xhr"].includes(request.resourceType())) pageReads.push(new URL(request.url()).pathname);
      });

      await page.getByRole("button", { name: "Export" }).click();
      await snap("export-menu");
      await page.keyboard.press("Escape");

      const jsonl = await download(page, "Export with conversations (JSON Lines)");
      expect(jsonl.name).toMatch(/^transcripts-conversations-\d{4}-\d{2}-\d{2}\.jsonl$/);
      expect(jsonl.url.pathname).toBe("/api/transcripts/export");
      expect(jsonl.url.searchParams.get("startTime")).toBe(fetched.url.searchParams.get("startTime"));
      await toastNamed(page, "Export started").waitFor();
      const lines = jsonl.text
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as ConversationLine);
      expect(lines).toHaveLength(total);
      const firstPage = await apiTranscripts(token, {
        startTime: fetched.url.searchParams.get("startTime")!,
        endTime: fetched.url.searchParams.get("endTime")!,
        limit: 100,
        page: 1,
      });
      expect(lines.slice(0, 100).map((line) => line.id)).toEqual(firstPage.transcripts.map((item) => item.id));
      expect(lines.slice(0, 100).map((line) => line.messages.length)).toEqual(firstPage.transcripts.map((item) => item.messageCount));

      const csv = await download(page, "Export with conversations (CSV, one row per message)");
      expect(csv.name).toMatch(/^transcripts-conversations-\d{4}-\d{2}-\d{2}\.csv$/);
      const [header, ...rows] = csvRows(csv.text);
      expect(header).toEqual([...CONVERSATION_CSV_HEADER]);
      expect(rows).toHaveLength(lines.reduce((sum, line) => sum + line.messages.length, 0));
      expect([...new Set(rows.map((row) => row[0]))]).toEqual(lines.filter((line) => line.messages.length > 0).map((line) => line.id));

      expect(pageReads.filter((pathname) => pathname === "/api/transcripts/export")).toEqual([]);
      await snap("exports-downloaded");
    }),
  );
});
