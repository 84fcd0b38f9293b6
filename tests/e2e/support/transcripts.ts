// Steps of the transcript journeys: the list calls the dashboard makes, the toasts it shows, and
// the transcripts the seed put in the database, read through the real API.
import type { Page, Response } from "playwright-core";
import { apiGet } from "./accounts";
import type { TranscriptDetail, TranscriptListResponse } from "@/lib/schemas/transcripts";

export interface ListCall {
  url: URL;
  body: TranscriptListResponse;
}

function isListResponse(response: Response, expect: Record<string, string | null> = {}): boolean {
  const url = new URL(response.url());
  if (url.pathname !== "/api/transcripts" || response.request().method() !== "GET") return false;
  return Object.entries(expect).every(([key, value]) => url.searchParams.get(key) === value);
}

/** Runs `action` and returns the list call it causes (matching the given query values). */
export async function listCallDuring(
  page: Page,
  action: () => Promise<unknown>,
  expect: Record<string, string | null> = {},
): Promise<ListCall> {
  const [response] = await Promise.all([page.waitForResponse((res) => isListResponse(res, expect)), action()]);
  if (!response.ok()) throw new Error(`The list call failed: ${response.status()}`);
  return { url: new URL(response.url()), body: (await response.json()) as TranscriptListResponse };
}

/**
 * Starts recording, in order, the title of every toast that appears from now on, and whether the
 * export progress showed. Calling it again starts a new recording.
 */
export async function recordScreenEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __toasts: string[]; __sawProgress: boolean; __seen?: WeakSet<Element> };
    const isNew = !w.__seen;
    const seen = (w.__seen ??= new WeakSet<Element>());
    document.querySelectorAll("li.toast-root").forEach((item) => seen.add(item));
    w.__toasts = [];
    w.__sawProgress = false;
    if (!isNew) return;
    const scan = () => {
      document.querySelectorAll("li.toast-root").forEach((item) => {
        if (seen.has(item)) return;
        seen.add(item);
        const title = item.querySelector(".grid > :first-child")?.textContent ?? item.textContent ?? "";
        w.__toasts.push(title.trim());
      });
      if (document.querySelector('[data-testid="export-progress"]')) w.__sawProgress = true;
    };
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
  });
}

export async function recordedEvents(page: Page): Promise<{ toasts: string[]; sawProgress: boolean }> {
  return page.evaluate(() => {
    const w = window as unknown as { __toasts: string[]; __sawProgress: boolean };
    return { toasts: [...w.__toasts], sawProgress: w.__sawProgress };
  });
}

export async function apiTranscripts(token: string, query: Record<string, string | number>): Promise<TranscriptListResponse> {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const res = await apiGet(`/api/transcripts?${params}`, token);
  if (res.status !== 200) throw new Error(`Listing transcripts failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as TranscriptListResponse;
}

export async function apiTranscript(token: string, id: string): Promise<TranscriptDetail> {
  const res = await apiGet(`/api/transcript/${encodeURIComponent(id)}`, token);
  if (res.status !== 200) throw new Error(`Reading transcript ${id} failed: ${res.status}`);
  return res.body as TranscriptDetail;
}
