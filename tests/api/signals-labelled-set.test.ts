// The labelled set's stored signals (this file runs on SQLite and on PostgreSQL): derived at ingest
// (POST /api/ingest/transcripts) and again by the recompute job that a rules' version change
// starts, each signal reaches a precision and recall of at least 0.9 (docs/signals.md).
import * as keysRoute from "@/app/api/admin/ingest-keys/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import { SIGNALS_VERSION } from "@/lib/insights/derive-signals";
import { SIGNAL_KINDS, type SignalKind } from "@/lib/schemas/insights";
import { db } from "@/lib/server/db";
import { startStaleSignalRecompute } from "@/lib/server/insights/recompute-signals";
import { runJob } from "@/lib/server/jobs/run-jobs";
import { storeRead } from "@/lib/server/store/active-database";
import { sql, toNumber } from "@/lib/server/store/sql";
import { LABELLED_CONVERSATIONS, labelledTranscripts } from "../fixtures/labelled-conversations";
import { call } from "../helpers/api-client";
import { disagreements, MIN_SCORE, signalScores } from "../helpers/signal-scores";
import { signedInUser } from "../helpers/users";

const labelled = labelledTranscripts();

type StoredRow = { id: string; version: unknown } & Record<SignalKind, unknown>;

/** The stored signals of the labelled set, against what the reviewer marked. */
async function storedScores() {
  const rows = await storeRead<StoredRow>(sql`
    SELECT t."id", s."version", s."fallback", s."handoff", s."unanswered", s."repeated"
    FROM "Transcript" t JOIN "TranscriptSignal" s ON s."sortKey" = t."sortKey"`);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const compared = labelled.map(({ id, expected }, index) => {
    const row = byId.get(id);
    if (!row) throw new Error(`no stored signals for ${LABELLED_CONVERSATIONS[index].name}`);
    return { name: LABELLED_CONVERSATIONS[index].name, expected, actual: SIGNAL_KINDS.filter((kind) => toNumber(row[kind]) === 1) };
  });
  return {
    scores: signalScores(compared),
    report: disagreements(compared).join("\n"),
    versions: new Set(rows.map((row) => toNumber(row.version))),
  };
}

function expectAboveTheBar({ scores, report }: Awaited<ReturnType<typeof storedScores>>) {
  const below = scores.filter((score) => score.precision < MIN_SCORE || score.recall < MIN_SCORE).map((score) => score.kind);
  expect({ below, report }).toEqual({ below: [], report });
}

beforeAll(async () => {
  const { token } = await signedInUser({ isAdmin: true });
  const { key } = (await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token, body: { name: "Labelled set" } })).body;
  const ingested = await call(ingestRoute.POST, "POST", "/api/ingest/transcripts", {
    body: { transcripts: labelled.map(({ raw }) => raw) },
    headers: { authorization: `Bearer ${key}` },
  });
  expect(ingested.body).toMatchObject({ imported: labelled.length, rejected: [] });
});

describe("the labelled set's stored signals", () => {
  it("derived at ingest reach the bar", async () => {
    const stored = await storedScores();
    expectAboveTheBar(stored);
    expect([...stored.versions]).toEqual([SIGNALS_VERSION]);
  });

  it("derived again by the recompute a rules' version change starts reach the bar", async () => {
    // Signals of an older version of the rules, all of them wrong.
    await db.$executeRaw`UPDATE "TranscriptSignal" SET "version" = ${SIGNALS_VERSION - 1}, "fallback" = 1 - "fallback", "handoff" = 1 - "handoff", "unanswered" = 1 - "unanswered", "repeated" = 1 - "repeated"`;
    expect((await storedScores()).scores.every((score) => score.precision < MIN_SCORE)).toBe(true);

    const jobId = await startStaleSignalRecompute();
    expect(jobId).not.toBeNull();
    for (let calls = 0; calls < 20; calls++) {
      const outcome = await runJob(jobId!, { budgetMs: 10_000 });
      if (outcome.status !== "running") break;
    }
    expect(await db.job.findUniqueOrThrow({ where: { id: jobId! } })).toMatchObject({ status: "succeeded" });
    const audit = await db.auditEvent.findFirst({ where: { action: "insight_settings.recompute" } });
    expect(audit).toMatchObject({ actorId: null, actorEmail: "signals-version" });

    const stored = await storedScores();
    expectAboveTheBar(stored);
    expect([...stored.versions]).toEqual([SIGNALS_VERSION]);
    // Every signal is current now: nothing more to start.
    expect(await startStaleSignalRecompute()).toBeNull();
  });
});
