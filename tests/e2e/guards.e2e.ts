// Who may see which page, / and its redirects, and the 404 card.
import { inBrowser, pathOf, waitForPath } from "./support/browser";
import { apiGet, createAccount, tokenFor } from "./support/accounts";
import { signIn } from "./support/ui";

describe("page guards", () => {
  it(
    "keeps a non-admin out of /admin and sends signed-in visitors of /, /login and /register to /dashboard",
    inBrowser("guards", async ({ page, baseUrl, go, snap }) => {
      const email = "regular.rita@example.com";
      await createAccount({ email });

      // / redirects on the server, by the session cookie (first-html.e2e.ts covers a signed-in visitor).
      const home = await fetch(`${baseUrl}/`, { redirect: "manual" });
      expect([home.status, new URL(home.headers.get("location") ?? "", baseUrl).pathname]).toEqual([307, "/login"]);
      await go("/");
      await waitForPath(page, "/login");

      await signIn(page, baseUrl, email);
      for (const path of ["/admin", "/admin/feedback"]) {
        await go(path);
        await waitForPath(page, "/dashboard");
        await page.getByRole("heading", { name: "Transcript Analytics" }).waitFor();
        expect(await page.getByRole("heading", { name: "Admin Panel" }).count()).toBe(0);
      }
      expect((await apiGet("/api/admin/users", await tokenFor(email))).status).toBe(403);
      await snap("non-admin-dashboard");

      for (const path of ["/", "/login", "/register"]) {
        await go(path);
        await waitForPath(page, "/dashboard");
      }
      await go("/transcript/some-id");
      await page.getByRole("heading", { name: "Conversation Transcript" }).waitFor();
      expect(pathOf(page)).toBe("/transcript/some-id");
    }),
  );

  it(
    "keeps signed-out visitors out of every portal page",
    inBrowser("signed-out", async ({ page, go }) => {
      for (const path of ["/dashboard", "/analytics", "/profile", "/admin", "/transcript/abc"]) {
        await go(path);
        await waitForPath(page, `/login?next=${encodeURIComponent(path)}`);
      }
    }),
  );

  it(
    "shows Page Not Found for an unknown path, with a way home",
    inBrowser("not-found", async ({ page, baseUrl, snap }) => {
      const response = await page.goto(`${baseUrl}/no/such/page`);
      expect(response?.status()).toBe(404);
      await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
      await snap("not-found");
      await page.getByRole("link", { name: "Go to home page" }).click();
      await waitForPath(page, "/login");
    }),
  );
});
