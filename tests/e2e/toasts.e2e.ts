// One toast at a time, gone after 5000 ms, swiped away to the right past 50 px,
// and F8 moves focus to the notifications.
import type { Page } from "playwright-core";
import { inBrowser, toastNamed } from "./support/browser";
import { browserNow } from "./support/clock";

async function mismatch(page: Page) {
  await page.getByLabel("Password", { exact: true }).fill("longenough1");
  await page.getByLabel("Confirm password").fill("longenough2");
  await page.getByRole("button", { name: "Create account" }).click();
}

async function swipe(page: Page, title: string, dx: number) {
  const box = await toastNamed(page, title).boundingBox();
  if (!box) throw new Error(`No toast ${title}`);
  const y = box.y + box.height / 2;
  const x = box.x + 40;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 6; step++) await page.mouse.move(x + (dx * step) / 6, y);
  await page.mouse.up();
}

describe("toasts", () => {
  it(
    "show one at a time, answer F8, can be swiped away and close after 5 seconds",
    inBrowser("toasts", async ({ page, go, snap }) => {
      // The page's timers run on a clock the test can stop (page.clock), running as ever until then.
      await page.clock.install({ time: browserNow() });
      await go("/register");
      await page.getByLabel("Email").fill("toast@example.com");
      await page.getByLabel("Password", { exact: true }).fill("short");
      await page.getByLabel("Confirm password").fill("short");
      await page.getByRole("button", { name: "Create account" }).click();
      await toastNamed(page, "Password too short").waitFor();
      await mismatch(page);
      await toastNamed(page, "Passwords don't match").waitFor();
      expect(await page.locator("li.toast-root").count()).toBe(1);
      await snap("toast");

      await page.keyboard.press("F8");
      expect(await page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label"))).toBe(
        "Notifications (F8)",
      );

      // A short swipe springs back; a swipe past 50 px dismisses.
      await swipe(page, "Passwords don't match", 30);
      await page.waitForTimeout(300);
      expect(await toastNamed(page, "Passwords don't match").isVisible()).toBe(true);
      await swipe(page, "Passwords don't match", 120);
      await toastNamed(page, "Passwords don't match").waitFor({ state: "detached", timeout: 2_000 });

      // The page's clock (which has run with this process's since it was installed) jumps a minute
      // ahead, well past any instant it may reach meanwhile, and stands still there from before the
      // toast shows: its 5 seconds pass only as the test moves the clock on, however busy the machine.
      await page.mouse.move(5, 5);
      await page.clock.pauseAt(browserNow().getTime() + 60_000);
      await mismatch(page);
      await toastNamed(page, "Passwords don't match").waitFor();
      await page.clock.runFor(4_999);
      // Time for the page to render a close, had one come: none may come before the 5 seconds.
      await page.waitForTimeout(300);
      expect(await toastNamed(page, "Passwords don't match").getAttribute("data-state")).toBe("open");
      await page.clock.runFor(1);
      await toastNamed(page, "Passwords don't match").waitFor({ state: "detached" });
    }),
  );
});
