// Debian's Chromium driven by playwright-core: a fresh profile per test, screenshots at desktop
// and phone width, and every uncaught page error collected so a test can insist there were none.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Locator, type Page } from "playwright-core";
import { readServerState } from "./server-state";
import { CHROMIUM_LAUNCH_OPTIONS } from "../../../scripts/lib/chromium";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };
export const SCREENSHOT_DIR = path.resolve(__dirname, "../../../test-results/screenshots");

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  baseUrl: string;
  /** Uncaught exceptions in the page, and anything the Content-Security-Policy blocked. */
  pageErrors: string[];
  /** Goes to a path of the app. */
  go: (pathname: string) => Promise<void>;
  /** Saves a desktop and a phone screenshot of the page as it is now. */
  snap: (name: string) => Promise<void>;
  close: () => Promise<void>;
}

export async function openBrowser(journey: string): Promise<BrowserSession> {
  const { baseUrl, clockOffsetMs } = readServerState();
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "portal-e2e-chromium-"));
  const context = await chromium.launchPersistentContext(profileDir, {
    ...CHROMIUM_LAUNCH_OPTIONS,
    viewport: DESKTOP,
  });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(20_000);
  // E2E_BROWSER_DATE (support/clock.ts): the page's clock starts at the run's date and runs on.
  if (clockOffsetMs !== 0) await context.clock.install({ time: Date.now() + clockOffsetMs });
  const page = context.pages()[0] ?? (await context.newPage());
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  // A blocked script or style means the Content-Security-Policy breaks the app: count it as an error.
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) pageErrors.push(message.text());
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  let shot = 0;

  return {
    context,
    page,
    baseUrl,
    pageErrors,
    go: async (pathname) => {
      await page.goto(`${baseUrl}${pathname}`);
    },
    snap: async (name) => {
      shot += 1;
      // Let entry animations (toasts, menus) finish.
      await page.waitForTimeout(250);
      const file = (size: string) => path.join(SCREENSHOT_DIR, `${journey}-${String(shot).padStart(2, "0")}-${name}-${size}.png`);
      // A whole-page picture taken while scrolled would show the sticky header mid-page: take it
      // from the top, then scroll back.
      const fullPage = async (size: string) => {
        const scrolled = await page.evaluate(() => window.scrollY);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: file(size), fullPage: true });
        await page.evaluate((y) => window.scrollTo(0, y), scrolled);
      };
      await fullPage("desktop");
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(150);
      await fullPage("phone");
      await page.setViewportSize(DESKTOP);
      await page.waitForTimeout(50);
    },
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/** The toast with this title (toasts are list items of the notifications region). */
export function toastNamed(page: Page, title: string): Locator {
  return page.locator("li.toast-root", { hasText: title });
}

/** Waits until the page's path (and query, if given) is as expected. */
export async function waitForPath(page: Page, expected: string, timeout = 10_000): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === expected || (!expected.includes("?") && url.pathname === expected), {
    timeout,
  });
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * A test body that runs in its own fresh browser: on failure it saves a screenshot of what the
 * page showed; afterwards it insists that the page threw no uncaught error and the
 * Content-Security-Policy blocked nothing.
 */
export function inBrowser(journey: string, run: (session: BrowserSession) => Promise<void>): () => Promise<void> {
  return async () => {
    const session = await openBrowser(journey);
    try {
      await run(session);
    } catch (error) {
      await session.snap("failure").catch(() => undefined);
      throw error;
    } finally {
      await session.close();
    }
    expect(session.pageErrors).toEqual([]);
  };
}
