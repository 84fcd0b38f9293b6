// Demo mode hands out reset tokens, so: the server refuses to run it where other machines can
// reach it, and every screen says so in a banner (the shared e2e server runs in demo mode).
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { freePort, NEXT_BIN, productionEnv, ROOT, START_SCRIPT } from "../../scripts/lib/next-server";
import { DEMO_BANNER_TEXT } from "@/components/layout/demo-banner";
import { inBrowser } from "./support/browser";
import { createAccount } from "./support/accounts";
import { signIn } from "./support/ui";
import { E2E_DIST_DIR } from "./support/server-state";

function runServer(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...productionEnv(E2E_DIST_DIR),
      NEXTAUTH_SECRET: "a demo secret long enough for the checks",
      DATABASE_URL: `file:${path.join(os.tmpdir(), "portal-demo-refused.db")}`,
      ...env,
    },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("demo mode", () => {
  it.each([
    ["every interface", { HOST: "0.0.0.0" }],
    ["the default address, every interface", { HOST: "" }],
    ["a network address", { HOST: "192.0.2.10" }],
  ])("refuses to start on %s", (_, hostEnv) => {
    const result = runServer([START_SCRIPT], { DEMO_MODE: "1", PORT: "0", ...hostEnv });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Refusing to start: DEMO_MODE shows a password reset token for any account/);
    expect(result.output).toMatch(/Set HOST=127\.0\.0\.1, or set DEMO_ALLOW_REMOTE=1/);
  });

  it("refuses to start under `next start`, whose listening address the app cannot know", async () => {
    const port = await freePort();
    const result = runServer([NEXT_BIN, "start", "-p", String(port), "-H", "127.0.0.1"], { DEMO_MODE: "1" });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Refusing to start: DEMO_MODE .* not started by `npm start`/);
  });

  it(
    "shows a banner on the signed-out screens and in the signed-in shell",
    inBrowser("demo-banner", async ({ page, baseUrl, go, snap }) => {
      for (const [pathname, heading] of [
        ["/login", "Welcome back"],
        ["/register", "Create account"],
        ["/forgot-password", "Reset your password"],
      ] as const) {
        await go(pathname);
        await page.getByRole("heading", { name: heading }).waitFor();
        expect(await page.getByRole("complementary", { name: "Demo mode" }).textContent()).toBe(DEMO_BANNER_TEXT);
      }
      await snap("forgot-password");

      await createAccount({ email: "demo.banner@example.com" });
      await signIn(page, baseUrl, "demo.banner@example.com");
      await page.getByRole("complementary", { name: "Demo mode" }).waitFor();
      expect(await page.getByTestId("demo-banner").textContent()).toBe(DEMO_BANNER_TEXT);
      await snap("dashboard");
    }),
  );
});
