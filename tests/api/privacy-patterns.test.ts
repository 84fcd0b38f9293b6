// Custom patterns cannot freeze the server: each is run by a linear-time engine, so a pattern that
// would backtrack without end on one message (`ID:([A-Z]|[A-Z0-9])+-\d` against "my ID:" and 32
// capitals) or take quadratic time on a long one is saved and redacts its matches, through the
// ingest API and through a sync from the platform, while /api/health answers alongside; a pattern
// the engine cannot run is refused when it is saved, naming the pattern by its place. A backtracking
// engine does not finish these ingests (the first takes about a minute, the others longer). SQLite
// and PostgreSQL.
import * as healthRoute from "@/app/api/health/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import * as keysRoute from "@/app/api/admin/ingest-keys/route";
import * as privacyRoute from "@/app/api/admin/privacy/route";
import * as sourcesRoute from "@/app/api/admin/sources/route";
import * as syncRoute from "@/app/api/admin/sources/[sourceId]/sync/route";
import * as runsRoute from "@/app/api/admin/sources/[sourceId]/runs/route";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { startFakeVoiceflow, type FakeVoiceflow } from "../helpers/fake-voiceflow";
import { syncToEnd, useSourcesEnvironment } from "../helpers/fake-voiceflow-sources";
import { legacyTranscript } from "./transcripts-test-data";

jest.setTimeout(180_000);
useSourcesEnvironment();

const LONG = 120_000;

/** The patterns, each with a text it matches and a long text it backtracks on without the engine. */
const PATTERNS = [
  { name: "EMPLOYEE", pattern: "ID:([A-Z]|[A-Z0-9])+-\\d", sample: "ID:AB12-7", long: `ID:${"A".repeat(LONG - 3)}` },
  { name: "XAY", pattern: "x(a|a)*y", sample: "xaaay", long: `x${"a".repeat(LONG - 1)}` },
  { name: "REFERENCE", pattern: "REF-(\\d|\\d\\d)+Z", sample: "REF-123Z", long: `REF-${"1".repeat(LONG - 4)}` },
  { name: "CORP", pattern: "[a-z]+@corp", sample: "jo@corp", long: "a".repeat(LONG) },
  { name: "TIMES", pattern: "\\d+x", sample: "42x", long: "1".repeat(LONG) },
];
const HOSTILE_ID = `my ID:${"A".repeat(32)}`;

let adminToken: string;
let key: string;
const fakes: FakeVoiceflow[] = [];

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  key = (await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: adminToken, body: { name: "Patterns" } })).body.key;
});
afterAll(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  await call(privacyRoute.PUT, "PUT", "/api/admin/privacy", { token: adminToken, body: DEFAULT_PRIVACY_SETTINGS });
});

const savePatterns = (customPatterns: { name: string; pattern: string }[]) =>
  call(privacyRoute.PUT, "PUT", "/api/admin/privacy", { token: adminToken, body: { ...DEFAULT_PRIVACY_SETTINGS, customPatterns } });
const ingest = (body: unknown) =>
  call(ingestRoute.POST, "POST", "/api/ingest/transcripts", { body, headers: { authorization: `Bearer ${key}` } });
const health = () => call(healthRoute.GET, "GET", "/api/health");
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** The turns of two transcripts: the user sends the hostile ID and the bot answers with the pattern's sample; one long message. */
const conversationsFor = ({ sample, long }: (typeof PATTERNS)[number]) => [
  [`user: ${HOSTILE_ID}`, `Noted: ${sample} is on file.`],
  [`user: ${long}`, "That is a long message."],
];

async function expectRedacted([shortId, longId]: string[], { name, long }: (typeof PATTERNS)[number]) {
  const short = await db.transcript.findUniqueOrThrow({ where: { id: shortId } });
  expect(short.question).toBe(HOSTILE_ID);
  expect(short.answer).toBe(`Noted: [${name}] is on file.`);
  const longOne = await db.transcript.findUniqueOrThrow({ where: { id: longId } });
  expect(longOne.source).toContain(long);
  expect(longOne.source).not.toContain(`[${name}]`);
}

describe("custom patterns", () => {
  it("are refused when the engine cannot run them, with a message that names the pattern by its place", async () => {
    const res = await savePatterns([
      { name: "order", pattern: "ORD-\\d{6}" },
      { name: "ahead", pattern: "ORD(?=-\\d)" },
    ]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Pattern 2: Patterns cannot use look-ahead (?=...)" });
    const backReference = await savePatterns([{ name: "twice", pattern: "(\\d)\\1" }]);
    expect(backReference.body).toEqual({ message: "Pattern 1: Patterns cannot use back-references (\\1 or \\k<name>)" });
    const named = await savePatterns([{ name: "1st", pattern: "x" }]);
    expect(named.body.message).toMatch(/^Pattern 1: Names must start with a letter/);
  });

  it.each(PATTERNS)("$pattern is saved and redacts at ingest, hostile messages included, while health answers", async (spec) => {
    expect((await savePatterns([{ name: spec.name, pattern: spec.pattern }])).status).toBe(200);
    const ids = [`pattern-${spec.name}-id`, `pattern-${spec.name}-long`];
    const records = conversationsFor(spec).map((turns, index) => legacyTranscript({ id: ids[index], createdAt: hoursAgo(2), turns }));
    const [ingested, answered] = await Promise.all([ingest(records), health()]);
    expect(ingested.status).toBe(200);
    expect(ingested.body).toEqual({ imported: 2, updated: 0, rejected: [] });
    expect(answered.status).toBe(200);
    await expectRedacted(ids, spec);
  });

  it("redact in a sync from the platform, hostile messages included, while health answers", async () => {
    expect((await savePatterns(PATTERNS.map(({ name, pattern }) => ({ name, pattern })))).status).toBe(200);
    const fake = await startFakeVoiceflow({ count: 3, days: 1, endMs: Date.now() - 3 * 3_600_000, seed: "hostile-patterns" });
    fakes.push(fake);
    // Two of the platform's transcripts per pattern, holding its conversations.
    const added = fake.flood(2 * PATTERNS.length, Date.now() - 3_600_000);
    const conversations = PATTERNS.flatMap(conversationsFor);
    added.forEach((transcript, index) => {
      const { dialog } = legacyTranscript({ id: transcript._id, createdAt: transcript.createdAt, turns: conversations[index] });
      transcript.dialog = dialog as typeof transcript.dialog;
    });
    const source = await call(sourcesRoute.POST, "POST", "/api/admin/sources", {
      token: adminToken,
      body: {
        name: "Hostile patterns",
        kind: "voiceflow-v2",
        projectId: fake.projectId,
        apiKey: fake.apiKey,
        baseUrl: fake.baseUrl,
        startDate: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(source.status).toBe(201);
    const sourceId = source.body.id as string;
    const started = await call(syncRoute.POST, "POST", `/api/admin/sources/${sourceId}/sync`, { token: adminToken, params: { sourceId } });
    expect(started.status).toBe(202);
    const [, answered] = await Promise.all([syncToEnd(started.body.runId), health()]);
    expect(answered.status).toBe(200);
    const [run] = (await call(runsRoute.GET, "GET", `/api/admin/sources/${sourceId}/runs`, { token: adminToken, params: { sourceId } }))
      .body;
    expect(run).toMatchObject({ status: "succeeded", rejectedCount: 0 });
    for (const [index, spec] of PATTERNS.entries()) {
      await expectRedacted([added[2 * index]._id, added[2 * index + 1]._id], spec);
    }
  });
});
