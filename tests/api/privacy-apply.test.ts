// POST /api/admin/privacy/apply redacts the transcripts stored before redaction (or under
// other settings) as a background job with progress, stepped in bounded pieces from its stored
// cursor; afterwards no stored text and no search row holds an original value, search finds the
// placeholders, and the analytics rollups equal a fresh count. Audited. SQLite and PostgreSQL.
import * as applyRoute from "@/app/api/admin/privacy/apply/route";
import * as jobRoute from "@/app/api/admin/jobs/[jobId]/route";
import * as listRoute from "@/app/api/transcripts/route";
import { db } from "@/lib/server/db";
import { runJob } from "@/lib/server/jobs/run-jobs";
import { jobKind } from "@/lib/server/jobs/job-kinds";
import { REDACTION_JOB_KIND } from "@/lib/server/privacy/apply-redaction";
import { storeRead } from "@/lib/server/store/active-database";
import { sql, toNumber } from "@/lib/server/store/sql";
import { call } from "../helpers/api-client";
import { withStepsTaking } from "../helpers/job-clock";
import { rollupsAndRecount } from "../helpers/rollup-recount";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const COUNT = 4_500;
const range = { startTime: "2025-09-01T00:00:00Z", endTime: "2025-09-10T00:00:00Z" };

let adminToken: string;
let userToken: string;

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  userToken = (await signedInUser()).token;
  // Stored without redaction: every third transcript holds an e-mail address, a phone number and
  // a card number, and every fifth comes from a device named by its IP address.
  const specs: TestTranscript[] = Array.from({ length: COUNT }, (_, i) => ({
    id: `pa-${i}`,
    createdAt: new Date(Date.UTC(2025, 8, 1) + i * 60_000).toISOString(),
    device: i % 5 === 0 ? "kiosk 192.0.2.44" : "desktop",
    turns:
      i % 3 === 0
        ? ["user: reach me at pat.lee@example.net or +49 151 23456789", "Thanks, and your card 4111 1111 1111 1111 is noted"]
        : ["user: where is my order NW-5532", "It ships on 2025-09-03."],
  }));
  for (let start = 0; start < specs.length; start += 1_000) await storeTranscripts(specs.slice(start, start + 1_000));
});

const apply = () => call(applyRoute.POST, "POST", "/api/admin/privacy/apply", { token: adminToken });
const job = (jobId: string) => call(jobRoute.GET, "GET", `/api/admin/jobs/${jobId}`, { token: adminToken, params: { jobId } });
const isUnderWay = async (jobId: string) => ["queued", "running"].includes((await job(jobId)).body.status);
async function runToEnd(jobId: string) {
  for (let calls = 0; (await isUnderWay(jobId)) && calls < 20; calls++) await runJob(jobId, { budgetMs: 10_000 });
}
const total = async (search: string) =>
  (await call(listRoute.GET, "GET", "/api/transcripts", { token: userToken, query: { ...range, search } })).body.total as number;

async function storedContaining(text: string): Promise<number> {
  const pattern = `%${text}%`;
  const [row] = await storeRead<{ n: unknown }>(sql`
    SELECT count(*) AS "n" FROM "Transcript"
    WHERE "source" LIKE ${pattern} OR "question" LIKE ${pattern} OR "answer" LIKE ${pattern} OR "preview" LIKE ${pattern} OR "device" LIKE ${pattern}`);
  return toNumber(row.n);
}

describe("POST /api/admin/privacy/apply", () => {
  it("redacts every stored transcript, with progress, and search then finds only the placeholders", async () => {
    const withPersonalData = COUNT / 3;
    expect(await total("pat.lee@example.net")).toBe(withPersonalData);
    expect(await storedContaining("pat.lee@example.net")).toBe(withPersonalData);

    const started = await apply();
    expect(started.status).toBe(202);
    const { jobId } = started.body;
    // Asked again while it runs: the same job.
    expect((await apply()).body).toEqual({ jobId });
    expect((await job(jobId)).body).toMatchObject({ kind: "privacy-redaction", status: "queued", done: 0, total: COUNT });

    // One short call does part of the work (one step, which takes its whole budget); the stored
    // cursor carries the rest.
    await withStepsTaking(REDACTION_JOB_KIND, 50, () => runJob(jobId, { budgetMs: 50 }));
    const partway = (await job(jobId)).body;
    expect(partway.status).toBe("running");
    expect(partway.done).toBeGreaterThan(0);
    expect(partway.done).toBeLessThan(COUNT);
    await runToEnd(jobId);
    expect((await job(jobId)).body).toMatchObject({ status: "succeeded", done: COUNT, total: COUNT });

    for (const original of ["pat.lee@example.net", "23456789", "4111 1111", "192.0.2.44"]) expect(await storedContaining(original)).toBe(0);
    for (const search of ["pat.lee@example.net", "pat.lee", "example.net", "23456789", "4111", "192.0.2.44"])
      expect(await total(search)).toBe(0);
    expect(await total("[EMAIL]")).toBe(withPersonalData);
    expect(await total("[CARD]")).toBe(withPersonalData);
    // What is not personal data survives, and nothing was lost.
    expect(await total("NW-5532")).toBe(COUNT - withPersonalData);
    expect(await db.transcript.count()).toBe(COUNT);
    expect(await db.transcript.count({ where: { device: "kiosk [IP]" } })).toBe(COUNT / 5);

    const { stored, recounted } = await rollupsAndRecount();
    expect(stored).toEqual(recounted);

    const audit = await db.auditEvent.findFirst({ where: { action: "privacy_settings.apply" } });
    expect(audit && JSON.parse(audit.details ?? "{}")).toMatchObject({ jobId, transcripts: COUNT });

    // Applied again: nothing left to change, and a new job.
    const again = await apply();
    expect(again.body.jobId).not.toBe(jobId);
    await runToEnd(again.body.jobId);
    expect((await job(again.body.jobId)).body).toMatchObject({ status: "succeeded", done: COUNT });
    expect(await total("[EMAIL]")).toBe(withPersonalData);
  }, 120_000);

  it("shows its progress moving step by step: each step commits what it did, of the total", async () => {
    const started = await apply();
    const { jobId } = started.body;
    // What an administrator polling the job sees as each step starts: the steps before it, committed.
    const seen: { status: string; done: number; total: number }[] = [];
    const kind = jobKind(REDACTION_JOB_KIND)!;
    const step = kind.step.bind(kind);
    const spy = jest.spyOn(kind, "step").mockImplementation(async (state, budget) => {
      const { status, done, total } = (await job(jobId)).body;
      seen.push({ status, done, total });
      return step(state, budget);
    });
    try {
      // One call with a budget to spare: the job ends in it, a step at a time.
      expect((await runJob(jobId, { budgetMs: 120_000 })).status).toBe("succeeded");
    } finally {
      spy.mockRestore();
    }
    // A step takes a chunk of 2,500 transcripts at least, or a twentieth of them: here, 2,500.
    expect(seen).toEqual([
      { status: "running", done: 0, total: COUNT },
      { status: "running", done: 2_500, total: COUNT },
      { status: "running", done: COUNT, total: COUNT },
    ]);
    expect((await job(jobId)).body).toMatchObject({ status: "succeeded", done: COUNT, total: COUNT });
  }, 120_000);
});
