// Exports in the browser: exporting the fetched range as CSV and JSON; the files'
// names, byte-order mark, header and row count against the API's total; the toasts in order.
import { readFileSync } from "node:fs";
import type { Page, Request } from "playwright-core";
import { format } from "date-fns";
import { inBrowser } from "./support/browser";
import { browserNow } from "./support/clock";
import { createAccount, tokenFor } from "./support/accounts";
import { signIn } from "./support/ui";
import { apiTranscripts, listCallDuring, recordScreenEvents, recordedEvents, type ListCall } from "./support/transcripts";

const EMAIL = "ezra.exports@example.com";
const HEADER =
  '"Transcript ID","Session ID","Timestamp","Duration","Messages","Question","Answer","Review Status","Tags","Assignee","Notes"';

async function exportAs(page: Page, label: "Export as CSV" | "Export as JSON") {
  await recordScreenEvents(page);
  await page.getByRole("button", { name: "Export" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: 30_000 }),
    page.getByRole("menuitem", { name: label }).click(),
  ]);
  const path = await download.path();
  await page.locator("li.toast-root", { hasText: "Export successful" }).waitFor();
  return { name: download.suggestedFilename(), text: readFileSync(path, "utf8"), events: await recordedEvents(page) };
}

/** Every transcript of the call's filters, newest first, through the API. */
async function allIds(token: string, call: ListCall): Promise<string[]> {
  const query: Record<string, string | number> = {
    startTime: call.url.searchParams.get("startTime")!,
    endTime: call.url.searchParams.get("endTime")!,
    limit: 100,
  };
  for (const key of ["search", "sessionId"]) if (call.url.searchParams.get(key)) query[key] = call.url.searchParams.get(key)!;
  const ids: string[] = [];
  for (let page = 1; page <= Math.ceil(call.body.total / 100); page++)
    ids.push(...(await apiTranscripts(token, { ...query, page })).transcripts.map((t) => t.id));
  return ids;
}

describe("transcript exports", () => {
  it(
    "exports the fetched range as CSV and JSON, and a search's matches only",
    inBrowser("export", async ({ page, baseUrl, snap }) => {
      await createAccount({ email: EMAIL });
      const token = await tokenFor(EMAIL);
      await signIn(page, baseUrl, EMAIL);
      await page.getByRole("button", { name: "Last 90 days" }).click();
      const fetched = await listCallDuring(page, () => page.getByRole("button", { name: "Fetch Transcripts" }).click());
      const total = fetched.body.total;
      expect(total).toBeGreaterThan(500);
      await page.getByRole("heading", { name: /^Transcripts \(/ }).waitFor();
      const expectedIds = await allIds(token, fetched);
      expect(expectedIds).toHaveLength(total);

      // CSV: BOM, the seven columns and the review's four, one line per transcript, in the list's order.
      const listPages: number[] = [];
      const countListCall = (request: Request) => {
        const url = new URL(request.url());
        if (url.pathname === "/api/transcripts") listPages.push(Number(url.searchParams.get("page")));
      };
      page.on("request", countListCall);
      const csv = await exportAs(page, "Export as CSV");
      page.off("request", countListCall);
      expect(csv.name).toBe(`transcripts-${format(browserNow(), "yyyy-MM-dd")}.csv`);
      expect(csv.text.charCodeAt(0)).toBe(0xfeff);
      const lines = csv.text.slice(1).split("\r\n");
      expect(lines[0]).toBe(HEADER);
      expect(lines[lines.length - 1]).toBe("");
      const rows = lines.slice(1, -1);
      expect(rows).toHaveLength(total);
      expect(rows.map((line) => line.slice(1, line.indexOf('","')))).toEqual(expectedIds);
      for (const line of rows)
        expect(line).toMatch(
          /^"[^"]+","[^"]+","\d{4}-\d{2}-\d{2}T[^"]+","(\d+m \d+s|N\/A)","\d+",".*",".*","(unreviewed|reviewed|needs_attention)","[^"]*","[^"]*","\d+"$/,
        );
      expect(csv.events.toasts).toEqual(["Preparing export...", "Processing transcripts...", "Export successful"]);
      expect(csv.events.sawProgress).toBe(true);
      // The list is read in pages of 100, each once: a handful of calls, however many transcripts.
      expect(listPages.sort((a, b) => a - b)).toEqual(Array.from({ length: Math.ceil(total / 100) }, (_, index) => index + 1));
      await snap("csv-exported");

      // JSON: the enriched list, pretty-printed.
      const json = await exportAs(page, "Export as JSON");
      expect(json.name).toBe(`transcripts-${format(browserNow(), "yyyy-MM-dd")}.json`);
      expect(json.text).toMatch(/^\[\n  \{\n    "id": /);
      const items = JSON.parse(json.text) as Record<string, unknown>[];
      expect(items).toHaveLength(total);
      expect(items.map((item) => item.id)).toEqual(expectedIds);
      for (const key of ["id", "sessionId", "timestamp", "preview", "messageCount", "duration", "question", "answer"])
        expect(items[0]).toHaveProperty(key);
      // Each row also carries its notes (none on a fresh store).
      expect(items[0]).toEqual({ ...fetched.body.transcripts[0], notes: [] });
      expect(json.events.toasts).toEqual(["Preparing export...", "Processing transcripts...", "Export successful"]);

      // With a search, the export holds the matches only.
      const searched = await listCallDuring(page, () => page.getByPlaceholder("Search in transcripts...").fill("return"), {
        search: "return",
      });
      await page.getByText(`Showing ${searched.body.total} filtered result(s)`).waitFor();
      const filtered = await exportAs(page, "Export as CSV");
      const filteredRows = filtered.text.slice(1).split("\r\n").slice(1, -1);
      expect(filteredRows).toHaveLength(searched.body.total);
      expect(filteredRows.map((line) => line.slice(1, line.indexOf('","')))).toEqual(await allIds(token, searched));
    }),
  );
});
