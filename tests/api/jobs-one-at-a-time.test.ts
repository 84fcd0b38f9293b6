// One job per kind (and key) under way, on both databases: many starts at once of the insights
// recompute, the privacy apply, retention, an erasure and a source's sync, in this process and from
// two separate processes, give one job, every other caller being given the one under way; two
// runners of one process never step a job together; a job whose runner died mid-step is finished by
// another once its lease runs out, without loss or duplicates; and once a job ends, a new one starts.
import { spawn } from "node:child_process";
import * as recomputeRoute from "@/app/api/admin/insight-settings/recompute/route";
import * as applyRoute from "@/app/api/admin/privacy/apply/route";
import * as privacyRoute from "@/app/api/admin/privacy/route";
import * as eraseRoute from "@/app/api/admin/transcripts/erase/route";
import * as cronRoute from "@/app/api/cron/sync/route";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";
import { db } from "@/lib/server/db";
import { runJob } from "@/lib/server/jobs/run-jobs";
import { RECOMPUTE_JOB_KIND } from "@/lib/server/insights/recompute-signals";
import { REDACTION_JOB_KIND } from "@/lib/server/privacy/apply-redaction";
import { ERASURE_JOB_KIND } from "@/lib/server/privacy/erasure-job";
import { RETENTION_JOB_KIND, startDueRetention, startRetention } from "@/lib/server/privacy/retention";
import { startDueSyncs } from "@/lib/server/sources/start-sync";
import { SYNC_JOB_KIND } from "@/lib/server/sources/sync-job";
import { call } from "../helpers/api-client";
import { syncToEnd, TEST_CRON_SECRET, useSourcesAdmin, useSourcesEnvironment } from "../helpers/fake-voiceflow-sources";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

useSourcesEnvironment();

/** More than one step's batch of the recompute and the retention. */
const COUNT = 2_500;
const AT_ONCE = 8;
const DAY_MS = 86_400_000;

const { platform, addSource } = useSourcesAdmin({ days: 5, historyDays: 10 });
let admin: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  admin = await signedInUser({ isAdmin: true });
  // Half of them 100 days old: what a retention of 30 days deletes.
  const specs: TestTranscript[] = Array.from({ length: COUNT }, (_, i) => ({
    id: `once-${i}`,
    createdAt: new Date(Date.now() - (i % 2 === 0 ? 100 : 1) * DAY_MS - i * 1_000).toISOString(),
    turns: ["user: where is my parcel", `It left the depot, ${i}`],
  }));
  for (let start = 0; start < specs.length; start += 1_000) await storeTranscripts(specs.slice(start, start + 1_000));
});

const post = (route: { POST: Parameters<typeof call>[0] }, path: string, body?: unknown) =>
  call(route.POST, "POST", path, { token: admin.token, ...(body === undefined ? {} : { body }) });
const atOnce = <T>(start: () => Promise<T>) => Promise.all(Array.from({ length: AT_ONCE }, start));
const jobsOf = (kind: string) => db.job.findMany({ where: { kind }, orderBy: { createdAt: "asc" } });
const cron = () => call(cronRoute.POST, "POST", "/api/cron/sync", { headers: { authorization: `Bearer ${TEST_CRON_SECRET}` } });

async function runToEnd(jobId: string): Promise<void> {
  for (let calls = 0; calls < 50; calls++) if ((await runJob(jobId, { budgetMs: 30_000 })).status !== "running") return;
  throw new Error(`job ${jobId} did not end`);
}

describe.each([
  ["the insights recompute", RECOMPUTE_JOB_KIND, recomputeRoute, "/api/admin/insight-settings/recompute"],
  ["the privacy apply", REDACTION_JOB_KIND, applyRoute, "/api/admin/privacy/apply"],
] as const)("%s", (_name, kind, route, path) => {
  it("started many times at once is one job, the same for every caller, and a new one once it ends", async () => {
    const answers = await atOnce(() => post(route, path));
    expect(answers.map((res) => res.status)).toEqual(Array(AT_ONCE).fill(202));
    const jobs = await jobsOf(kind);
    expect(jobs).toHaveLength(1);
    expect(new Set(answers.map((res) => res.body.jobId))).toEqual(new Set([jobs[0].id]));

    await runToEnd(jobs[0].id);
    expect(await db.job.findUniqueOrThrow({ where: { id: jobs[0].id } })).toMatchObject({ status: "succeeded", activeKey: null });
    const next = await post(route, path);
    expect(next.body.jobId).not.toBe(jobs[0].id);
    await runToEnd(next.body.jobId);
  });
});

it("never lets two runners of one process step a job together, and a dead runner's job is finished by another", async () => {
  const { jobId } = (await post(recomputeRoute, "/api/admin/insight-settings/recompute")).body;
  // Two "after the response" continuations of one process (two clicks): one takes the lease.
  const [a, b] = await Promise.all([runJob(jobId, { budgetMs: 1 }), runJob(jobId, { budgetMs: 1 })]);
  expect([a.claimed, b.claimed].sort()).toEqual([false, true]);

  // Its runner dies mid-step: the lease it holds keeps every other runner off until it runs out.
  await db.job.update({ where: { id: jobId }, data: { status: "running", leaseOwner: "dead", leaseUntil: new Date(Date.now() + 60_000) } });
  expect((await runJob(jobId, { budgetMs: 5_000 })).claimed).toBe(false);
  await db.job.update({ where: { id: jobId }, data: { leaseUntil: new Date(Date.now() - 1) } });
  await runToEnd(jobId);
  expect(await db.job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "succeeded", done: COUNT, total: COUNT });
  // Every transcript has its one signal row: none lost, none twice.
  expect(await db.transcriptSignal.count()).toBe(COUNT);
});

it("an erasure requested many times at once is one job", async () => {
  process.env.ERASURE_REQUEST_BUDGET_SECONDS = "0";
  try {
    const ids = ["once-1", "once-3", "once-5"];
    const answers = await atOnce(() => post(eraseRoute, "/api/admin/transcripts/erase", { ids, reason: "Asked twice", expectedCount: 3 }));
    // Sent to the background at once (no budget within the request): each answer names the job.
    expect(answers.map((res) => res.status)).toEqual(Array(AT_ONCE).fill(202));
    const jobs = await jobsOf(ERASURE_JOB_KIND);
    expect(jobs).toHaveLength(1);
    expect(new Set(answers.map((res) => res.body.jobId))).toEqual(new Set([jobs[0].id]));
    await runToEnd(jobs[0].id);
    expect(await db.transcript.count({ where: { id: { in: ids } } })).toBe(0);
    // Another set of transcripts is another erasure.
    const other = await post(eraseRoute, "/api/admin/transcripts/erase", { ids: ["once-7"], reason: "Asked", expectedCount: 1 });
    expect(other.body.jobId).not.toBe(jobs[0].id);
    await runToEnd(other.body.jobId);
  } finally {
    delete process.env.ERASURE_REQUEST_BUDGET_SECONDS;
  }
});

it("retention started by the command, both schedulers and two cron calls at once is one pass", async () => {
  process.env.CRON_SECRET = TEST_CRON_SECRET;
  const settings = await call(privacyRoute.PUT, "PUT", "/api/admin/privacy", {
    token: admin.token,
    body: { ...DEFAULT_PRIVACY_SETTINGS, retentionDays: 30 },
  });
  expect(settings.status).toBe(200);
  const before = await db.transcript.count();
  const old = await db.transcript.count({ where: { createdAt: { lt: new Date(Date.now() - 30 * DAY_MS) } } });
  const starts = await Promise.all([atOnce(() => startRetention()), startDueRetention(), startDueRetention()]);
  const jobs = await jobsOf(RETENTION_JOB_KIND);
  expect(jobs).toHaveLength(1);
  expect(new Set(starts[0].map((start) => start!.jobId))).toEqual(new Set([jobs[0].id]));
  // Two cron calls at once step it; neither queues another.
  const [first, second] = await Promise.all([cron(), cron()]);
  expect([first.status, second.status]).toEqual([200, 200]);
  await runToEnd(jobs[0].id);
  expect(await jobsOf(RETENTION_JOB_KIND)).toHaveLength(1);
  expect(await db.job.findUniqueOrThrow({ where: { id: jobs[0].id } })).toMatchObject({ status: "succeeded", done: old });
  expect(await db.transcript.count()).toBe(before - old);
  await call(privacyRoute.PUT, "PUT", "/api/admin/privacy", { token: admin.token, body: DEFAULT_PRIVACY_SETTINGS });
});

it("a source's sync started by clicks, the scheduler and the cron at once is one run, each transcript fetched once", async () => {
  process.env.CRON_SECRET = TEST_CRON_SECRET;
  const fake = await platform("once", 300);
  const sourceId = await addSource(fake);
  const syncRoute = await import("@/app/api/admin/sources/[sourceId]/sync/route");
  const [clicks, scheduled] = await Promise.all([
    atOnce(() => call(syncRoute.POST, "POST", `/api/admin/sources/${sourceId}/sync`, { token: admin.token, params: { sourceId } })),
    Promise.all([startDueSyncs(), startDueSyncs()]),
  ]);
  const runs = await db.syncRun.findMany({ where: { sourceId } });
  expect(runs).toHaveLength(1);
  expect(new Set(clicks.map((res) => res.body.runId))).toEqual(new Set([runs[0].id]));
  expect(scheduled.flat().filter((runId) => runId !== runs[0].id)).toEqual([]);
  // Two cron calls and two clicks' continuations step it at once: one runner at a time.
  await Promise.all([cron(), cron(), runJob(runs[0].id, { budgetMs: 30_000 }), runJob(runs[0].id, { budgetMs: 30_000 })]);
  await syncToEnd(runs[0].id);
  expect(await db.syncRun.findUniqueOrThrow({ where: { id: runs[0].id } })).toMatchObject({ status: "succeeded", created: 300 });
  expect(fake.calls.detail).toBe(300);
  expect(await db.syncRun.count({ where: { sourceId } })).toBe(1);
});

interface ProcessStarts {
  recompute: { jobId: string; started: boolean }[];
  redaction: { jobId: string; started: boolean }[];
  retention: ({ jobId: string; started: boolean } | null)[];
  sync: { jobId: string; started: boolean }[];
}

/** tests/helpers/start-jobs-process.ts in a process of its own, against this file's database. */
function startJobsProcess(at: number, sourceId: string): Promise<ProcessStarts> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "node_modules/tsx/dist/cli.mjs",
        "--conditions=react-server",
        "tests/helpers/start-jobs-process.ts",
        String(at),
        admin.user.id,
        sourceId,
        "1",
      ],
      { env: process.env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`start-jobs-process exited with ${code}: ${output}`));
      resolve(JSON.parse(output.trim().split("\n").at(-1)!));
    });
  });
}

it("two processes starting every kind at the same instant give one job of each", async () => {
  await call(privacyRoute.PUT, "PUT", "/api/admin/privacy", {
    token: admin.token,
    body: { ...DEFAULT_PRIVACY_SETTINGS, retentionDays: 3 },
  });
  const fake = await platform("two-processes", 10);
  const sourceId = await addSource(fake);
  const kinds = [RECOMPUTE_JOB_KIND, REDACTION_JOB_KIND, RETENTION_JOB_KIND, SYNC_JOB_KIND];
  const before = await db.job.count({ where: { kind: { in: kinds } } });
  // Both wait for the same instant, a few seconds on: long enough for either to load.
  const at = Date.now() + 8_000;
  const [one, two] = await Promise.all([startJobsProcess(at, sourceId), startJobsProcess(at, sourceId)]);
  for (const name of ["recompute", "redaction", "retention", "sync"] as const) {
    const answers = [...one[name], ...two[name]].map((answer) => answer!);
    expect(new Set(answers.map((answer) => answer.jobId)).size).toBe(1);
    expect(answers.filter((answer) => answer.started)).toHaveLength(1);
  }
  expect(await db.job.count({ where: { kind: { in: kinds } } })).toBe(before + 4);
  expect(await db.syncRun.count({ where: { sourceId } })).toBe(1);
}, 120_000);
