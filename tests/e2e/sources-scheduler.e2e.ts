// The scheduler of `npm start`, end to end, on a server of its own (SYNC_INTERVAL_MINUTES=1): an
// administrator adds a Voiceflow project with an outdated key and edits in the new one; nobody
// presses Sync now or calls the cron endpoint, and the source is synced within a few minutes; its
// card shows the scheduled run and when the next one comes. SIGTERM then stops the server.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runPrisma } from "../../scripts/prisma-env.mjs";
import { db, disconnectDb } from "@/lib/server/db";
import { hashPassword } from "@/lib/server/auth/passwords";
import { closeStore } from "@/lib/server/store";
import { startNextServer, type RunningServer } from "../../scripts/lib/next-server";
import { startFakeVoiceflow, type FakeVoiceflow } from "../helpers/fake-voiceflow";
import { E2E_DIST_DIR } from "./support/server-state";
import { PASSWORD } from "./support/accounts";
import { inBrowser } from "./support/browser";
import { signIn } from "./support/ui";

jest.setTimeout(300_000);

let server: RunningServer;
let workDir: string;
let fake: FakeVoiceflow;
const ADMIN = "scheduler.admin@example.com";
const COUNT = 120;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), "portal-scheduler-"));
  const databaseUrl = `file:${path.join(workDir, "portal.db")}`;
  runPrisma(["migrate", "deploy"], { databaseUrl, quiet: true });
  process.env.DATABASE_URL = databaseUrl;
  await db.user.create({ data: { email: ADMIN, passwordHash: await hashPassword(PASSWORD), approved: true, isAdmin: true } });
  fake = await startFakeVoiceflow({ count: COUNT, days: 4, endMs: Date.now() - 60_000, seed: "e2e-scheduler" });
  server = await startNextServer({
    distDir: E2E_DIST_DIR,
    databaseUrl,
    workDir,
    env: {
      SOURCES_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      SOURCES_ALLOW_PRIVATE_HOSTS: "1",
      SYNC_INTERVAL_MINUTES: "1",
    },
  });
});

afterAll(async () => {
  try {
    process.kill(-server.pid, "SIGKILL");
  } catch {
    // Exited already, as it should have.
  }
  await fake?.close();
  await Promise.all([disconnectDb(), closeStore()]);
  rmSync(workDir, { recursive: true, force: true });
});

it(
  "syncs a source by itself after its key is edited, and shows when it syncs next",
  inBrowser("sources-scheduler", async ({ page, snap }) => {
    await signIn(page, server.baseUrl, ADMIN);
    await page.goto(`${server.baseUrl}/admin/sources`);
    await page.getByText("Each source is synced every 1 minute by this server's scheduler", { exact: false }).waitFor();

    await page.getByLabel("Name").fill("Support bot");
    await page.getByLabel("Project ID").fill(fake.projectId);
    await page.getByLabel("API key").fill("VF.DM.outdated-key-0000000000");
    await page.getByLabel("Base URL (optional)").fill(fake.baseUrl);
    await page.getByRole("button", { name: "Add source" }).click();
    const card = page.getByRole("region", { name: "Support bot" });
    await card.getByText(/Next sync about \d{1,2}:\d{2} [AP]M/).waitFor();
    await snap("added");

    await card.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Support bot" });
    await dialog.getByText("Set. Type a new key to replace it; leave empty to keep it.").waitFor();
    // Another address would need the key again; the same one does not.
    await dialog.getByLabel("Base URL (optional)").fill("http://127.0.0.1:9");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByRole("alert").getByText("Enter the API key again to send it to a new address").waitFor();
    await dialog.getByLabel("Base URL (optional)").fill(fake.baseUrl);
    await dialog.getByLabel("API key").fill(fake.apiKey);
    await snap("editing");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });

    // Nobody syncs it: the scheduler does, within two intervals (an earlier tick may have tried the
    // outdated key).
    await card.getByText("Last runs").click();
    const runs = card.getByRole("list", { name: "Sync runs" });
    await runs
      .getByRole("listitem")
      .filter({ hasText: "Scheduled" })
      .filter({ hasText: `${COUNT} fetched · ${COUNT} new · 0 updated · 0 unchanged · 0 rejected` })
      .waitFor({ timeout: 200_000 });
    await card.getByText("Idle").waitFor();
    await card.getByText(/Next sync about \d{1,2}:\d{2} [AP]M/).waitFor();
    expect(await card.getByText("Last sync: Never").count()).toBe(0);
    await snap("synced");
    expect(fake.calls.detail).toBe(COUNT);
    expect(await db.syncRun.count({ where: { trigger: "manual" } })).toBe(0);
    expect(await db.transcript.count({ where: { origin: { not: null } } })).toBe(COUNT);

    // SIGTERM stops the scheduler with the server.
    const exited = new Promise<number | null>((resolve) => server.child.once("exit", (code) => resolve(code)));
    process.kill(server.pid, "SIGTERM");
    expect(await exited).toBe(143);
  }),
);
