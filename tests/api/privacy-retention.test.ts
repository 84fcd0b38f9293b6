// Retention. With PrivacySettings.retentionDays set, a daily "retention" job deletes the
// transcripts created before now less that many days, in bounded batches with progress, with their
// ratings, notes, tags and search rows, keeps the rollups equal to a fresh count, and records one
// audit entry (no user: the portal acts). The cron endpoint queues it at most once a day; `npm run
// retention` runs a pass to its end. Off by default. SQLite and PostgreSQL.
import * as cronRoute from "@/app/api/cron/sync/route";
import * as privacyRoute from "@/app/api/admin/privacy/route";
import * as jobRoute from "@/app/api/admin/jobs/[jobId]/route";
import * as listRoute from "@/app/api/transcripts/route";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";
import { db } from "@/lib/server/db";
import { RETENTION_JOB_KIND } from "@/lib/server/privacy/retention";
import { call } from "../helpers/api-client";
import { withStepsTaking } from "../helpers/job-clock";
import { rollupsAndRecount } from "../helpers/rollup-recount";
import { reviewTranscripts, rowsOfTranscripts, sortKeysOf } from "../helpers/review-rows";
import { runScript } from "../helpers/run-script";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const CRON_SECRET = "retention-test-cron-secret-0123456789";
const DAY_MS = 86_400_000;
const RETENTION_DAYS = 30;
/** More than one step's batch, so that a pass takes several steps. */
const OLD = 4_500;
const NEW = 300;

let adminToken: string;
let userToken: string;
let adminId: string;
const now = Date.now();

/** Transcripts created `fromDays` to `toDays` days ago, evenly. */
function createdBetween(prefix: string, count: number, fromDays: number, toDays: number): TestTranscript[] {
  const spanMs = (fromDays - toDays) * DAY_MS;
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${i}`,
    createdAt: new Date(now - fromDays * DAY_MS + Math.floor((i * spanMs) / count)).toISOString(),
    turns: ["user: where is my parcel", `It left the depot, ${prefix} ${i}`],
  }));
}

async function store(specs: TestTranscript[]): Promise<string[]> {
  for (let start = 0; start < specs.length; start += 1_000) await storeTranscripts(specs.slice(start, start + 1_000));
  return specs.map((spec) => spec.id);
}

beforeAll(async () => {
  process.env.CRON_SECRET = CRON_SECRET;
  const admin = await signedInUser({ isAdmin: true });
  adminToken = admin.token;
  adminId = admin.user.id;
  userToken = (await signedInUser()).token;
});

const cron = () => call(cronRoute.POST, "POST", "/api/cron/sync", { headers: { authorization: `Bearer ${CRON_SECRET}` } });
const setRetention = async (retentionDays: number | null) => {
  const res = await call(privacyRoute.PUT, "PUT", "/api/admin/privacy", {
    token: adminToken,
    body: { ...DEFAULT_PRIVACY_SETTINGS, retentionDays },
  });
  expect(res.status).toBe(200);
};
const retentionJobs = () => db.job.findMany({ where: { kind: RETENTION_JOB_KIND }, orderBy: { createdAt: "asc" } });
const job = (jobId: string) => call(jobRoute.GET, "GET", `/api/admin/jobs/${jobId}`, { token: adminToken, params: { jobId } });
/** How many transcripts of this prefix (createdBetween's) are stored. */
const stored = (prefix: string) => db.transcript.count({ where: { id: { startsWith: `${prefix}-` } } });
const listTotal = async (fromDays: number, toDays: number) =>
  (
    await call(listRoute.GET, "GET", "/api/transcripts", {
      token: userToken,
      query: { startTime: new Date(now - fromDays * DAY_MS).toISOString(), endTime: new Date(now - toDays * DAY_MS).toISOString() },
    })
  ).body.total as number;

describe("retention", () => {
  let oldIds: string[];
  let newIds: string[];

  it("is off by default: the cron endpoint queues nothing and nothing is deleted", async () => {
    oldIds = await store(createdBetween("old", OLD, 100, 40));
    newIds = await store(createdBetween("new", NEW, 20, 0));
    await reviewTranscripts([oldIds[0], oldIds[OLD - 1], newIds[0]], adminId);
    expect((await cron()).status).toBe(200);
    expect(await retentionJobs()).toHaveLength(0);
    expect(await db.transcript.count()).toBe(OLD + NEW);
    const command = runScript("retention");
    expect(command).toMatchObject({ code: 0, output: expect.stringContaining("Retention is off") });
    expect(await db.transcript.count()).toBe(OLD + NEW);
  });

  it("deletes what is past retention daily from the cron endpoint, in steps, with everything stored with it", async () => {
    const oldKeys = await sortKeysOf(oldIds);
    const before = await rowsOfTranscripts(oldIds, oldKeys);
    expect(before).toMatchObject({
      Transcript: OLD,
      TranscriptText: OLD,
      Feedback: 2,
      TranscriptNote: 2,
      TranscriptTag: 2,
      TranscriptRating: 2,
    });
    expect(await listTotal(120, 30)).toBe(OLD);
    await setRetention(RETENTION_DAYS);

    // A budget of 50 ms and steps that take as long: the first call queues the pass and takes one
    // step of it, the next go on.
    process.env.SYNC_RUN_BUDGET_SECONDS = "0.05";
    try {
      await withStepsTaking(RETENTION_JOB_KIND, 50, async () => {
        expect((await cron()).status).toBe(200);
        const [queued] = await retentionJobs();
        const partway = (await job(queued.id)).body;
        expect(partway).toMatchObject({ kind: RETENTION_JOB_KIND, status: "running", total: OLD });
        expect(partway.done).toBeGreaterThan(0);
        expect(partway.done).toBeLessThan(OLD);
        for (let calls = 0; (await job(queued.id)).body.status === "running" && calls < 100; calls++) await cron();
      });
    } finally {
      delete process.env.SYNC_RUN_BUDGET_SECONDS;
    }
    const jobs = await retentionJobs();
    expect(jobs).toHaveLength(1);
    expect((await job(jobs[0].id)).body).toMatchObject({ status: "succeeded", done: OLD, total: OLD });

    expect(await stored("old")).toBe(0);
    expect(Object.values(await rowsOfTranscripts(oldIds, oldKeys)).every((n) => n === 0)).toBe(true);
    expect(await stored("new")).toBe(NEW);
    expect(await rowsOfTranscripts([newIds[0]], await sortKeysOf([newIds[0]]))).toMatchObject({ Feedback: 1, TranscriptNote: 1 });
    expect(await listTotal(120, 30)).toBe(0);
    expect(await listTotal(30, 0)).toBe(NEW);
    const { stored: rollups, recounted } = await rollupsAndRecount();
    expect(rollups).toEqual(recounted);

    const [entry] = await db.auditEvent.findMany({ where: { action: "transcripts.retention" } });
    expect(entry).toMatchObject({ actorId: null, actorEmail: "retention", targetType: "transcripts" });
    const details = JSON.parse(entry.details ?? "{}");
    expect(details).toMatchObject({ deleted: OLD, retentionDays: RETENTION_DAYS, jobId: jobs[0].id });
    expect(Math.abs(Date.parse(details.cutoff) - (now - RETENTION_DAYS * DAY_MS))).toBeLessThan(10 * 60_000);
  }, 120_000);

  it("is queued again only once 24 hours have passed since the last pass", async () => {
    await store(createdBetween("late", 50, 60, 50));
    expect((await cron()).status).toBe(200);
    expect(await retentionJobs()).toHaveLength(1);
    expect(await stored("late")).toBe(50);

    const [last] = await retentionJobs();
    await db.job.update({ where: { id: last.id }, data: { createdAt: new Date(Date.now() - 25 * 3_600_000) } });
    expect((await cron()).status).toBe(200);
    const jobs = await retentionJobs();
    expect(jobs).toHaveLength(2);
    expect((await job(jobs[1].id)).body).toMatchObject({ status: "succeeded", done: 50 });
    expect(await stored("late")).toBe(0);
    expect(await db.transcript.count()).toBe(NEW);
    expect(await db.auditEvent.count({ where: { action: "transcripts.retention" } })).toBe(2);
  });

  it("runs one pass to its end with `npm run retention`", async () => {
    await store(createdBetween("command", 40, 45, 35));
    const command = runScript("retention");
    expect(command.code).toBe(0);
    expect(command.output).toMatch(/Deleted 40 transcript\(s\) created before \d{4}-\d\d-\d\dT/);
    expect(await stored("command")).toBe(0);
    expect(await db.transcript.count()).toBe(NEW);
    const { stored: rollups, recounted } = await rollupsAndRecount();
    expect(rollups).toEqual(recounted);
    // Off again: the next pass stops, and the daily one is not queued.
    await setRetention(null);
    await db.job.updateMany({ where: { kind: RETENTION_JOB_KIND }, data: { createdAt: new Date(Date.now() - 48 * 3_600_000) } });
    await cron();
    expect(await retentionJobs()).toHaveLength(3);
  });
});
