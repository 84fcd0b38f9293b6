// Steps that several journeys take in the browser.
import type { Page } from "playwright-core";
import { PASSWORD } from "./accounts";
import { waitForPath } from "./browser";

export async function fillSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Signs in on /login and waits for the page the app goes to. */
export async function signIn(page: Page, baseUrl: string, email: string, password = PASSWORD, expectedPath = "/dashboard"): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole("heading", { name: "Welcome back" }).waitFor();
  await fillSignIn(page, email, password);
  await waitForPath(page, expectedPath);
}

export async function openUserMenu(page: Page) {
  await page.getByTestId("user-menu-trigger").click();
  const menu = page.getByRole("menu");
  await menu.waitFor();
  return menu;
}

export async function menuItems(page: Page): Promise<string[]> {
  const menu = await openUserMenu(page);
  return (await menu.getByRole("menuitem").allTextContents()).map((text) => text.trim());
}

export async function storedSession(page: Page): Promise<{ token: string | null; user: string | null }> {
  return page.evaluate(() => ({ token: window.localStorage.getItem("token"), user: window.localStorage.getItem("user") }));
}
