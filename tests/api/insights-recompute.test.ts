// POST /api/admin/insight-settings/recompute derives every stored transcript's signals
// again by the phrase lists in force, as a background job with progress (GET /api/admin/jobs/{id}),
// stepped in bounded pieces from its stored cursor; audited. Runs on SQLite and PostgreSQL.
import * as settingsRoute from "@/app/api/admin/insight-settings/route";
import * as analyticsRoute from "@/app/api/analytics/route";
import * as recomputeRoute from "@/app/api/admin/insight-settings/recompute/route";
import * as jobRoute from "@/app/api/admin/jobs/[jobId]/route";
import { DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { db } from "@/lib/server/db";
import { runJob } from "@/lib/server/jobs/run-jobs";
import { RECOMPUTE_JOB_KIND } from "@/lib/server/insights/recompute-signals";
import { storeRead } from "@/lib/server/store/active-database";
import { sql, toNumber } from "@/lib/server/store/sql";
import { call } from "../helpers/api-client";
import { withStepsTaking } from "../helpers/job-clock";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const COUNT = 4_500;
const ODD_ANSWER = "That is outside what I can do, alas.";

let adminToken: string;

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  // Every third transcript's bot answers with a phrase no default list holds.
  const specs: TestTranscript[] = Array.from({ length: COUNT }, (_, i) => ({
    id: `rc-${i}`,
    createdAt: new Date(Date.UTC(2025, 8, 1) + i * 60_000).toISOString(),
    turns: ["Hi!", "user: can you book me a flight", i % 3 === 0 ? ODD_ANSWER : "Sure, here you go."],
  }));
  for (let start = 0; start < specs.length; start += 1_000) await storeTranscripts(specs.slice(start, start + 1_000));
});

const recompute = () => call(recomputeRoute.POST, "POST", "/api/admin/insight-settings/recompute", { token: adminToken });
const job = (jobId: string) => call(jobRoute.GET, "GET", `/api/admin/jobs/${jobId}`, { token: adminToken, params: { jobId } });

async function fallbacks(): Promise<number> {
  const [row] = await storeRead<{ n: unknown }>(sql`SELECT count(*) AS "n" FROM "TranscriptSignal" WHERE "fallback" = 1`);
  return toNumber(row.n);
}

/** The fallback rate the Analytics page shows for the whole days the transcripts lie in. */
async function fallbackRate(): Promise<number> {
  const query = { startTime: "2025-09-01T00:00:00.000Z", endTime: "2025-09-04T23:59:59.999Z", tz: "UTC" };
  const res = await call(analyticsRoute.GET, "GET", "/api/analytics", { token: adminToken, query });
  expect(res.status).toBe(200);
  return res.body.insights.fallbackRate;
}

describe("POST /api/admin/insight-settings/recompute", () => {
  it("derives every stored transcript's signals again by the new phrase lists, with progress", async () => {
    expect(await fallbacks()).toBe(0);
    // The analytics keep each whole day's counts: the recompute's changes must reach them.
    expect(await fallbackRate()).toBe(0);
    const changed = {
      ...DEFAULT_INSIGHT_SETTINGS,
      fallbackPhrases: [...DEFAULT_INSIGHT_SETTINGS.fallbackPhrases, "outside what I can do"],
    };
    expect((await call(settingsRoute.PUT, "PUT", "/api/admin/insight-settings", { token: adminToken, body: changed })).status).toBe(200);
    // The lists apply to transcripts saved from now on; stored ones wait for the recompute.
    expect(await fallbacks()).toBe(0);

    const started = await recompute();
    expect(started.status).toBe(202);
    const { jobId } = started.body;
    // Asked again while it runs: the same job.
    expect((await recompute()).body).toEqual({ jobId });
    expect((await job(jobId)).body).toMatchObject({ status: "queued", done: 0, total: COUNT });

    // One short call does part of the work (one step, which takes its whole budget); the stored
    // cursor carries the rest.
    await withStepsTaking(RECOMPUTE_JOB_KIND, 50, () => runJob(jobId, { budgetMs: 50 }));
    const partway = (await job(jobId)).body;
    expect(partway.status).toBe("running");
    expect(partway.done).toBeGreaterThan(0);
    expect(partway.done).toBeLessThan(COUNT);
    for (let calls = 0; (await job(jobId)).body.status === "running" && calls < 20; calls++) await runJob(jobId, { budgetMs: 10_000 });
    expect((await job(jobId)).body).toMatchObject({ status: "succeeded", done: COUNT, total: COUNT });
    expect(await fallbacks()).toBe(COUNT / 3);
    expect(await fallbackRate()).toBeCloseTo(1 / 3, 10);

    const [{ version }] = await storeRead<{ version: unknown }>(sql`SELECT "version" FROM "InsightSettings" WHERE "id" = 1`);
    const [stale] = await storeRead<{ n: unknown }>(
      sql`SELECT count(*) AS "n" FROM "TranscriptSignal" WHERE "rulesVersion" <> ${toNumber(version)}`,
    );
    expect(toNumber(stale.n)).toBe(0);

    const audit = await db.auditEvent.findFirst({ where: { action: "insight_settings.recompute" } });
    expect(audit && JSON.parse(audit.details ?? "{}")).toMatchObject({ jobId, transcripts: COUNT });

    // Once over, a new request starts a new job.
    const again = await recompute();
    expect(again.body.jobId).not.toBe(jobId);
  }, 120_000);

  it("is for administrators only", async () => {
    const { token } = await signedInUser();
    expect((await call(recomputeRoute.POST, "POST", "/api/admin/insight-settings/recompute", { token })).status).toBe(403);
  });
});
