// Where a transcript came from, on both databases: every way in records it (a source's sync, the
// ingest API, the import command), the transcript names it, and the list's `source` filter (a
// source id, `ingest` or `import`, repeatable) gives exactly the transcripts of those ways in,
// alone and with other filters and a search; signed-in users read the sources' names.
import * as sourcesRoute from "@/app/api/admin/sources/route";
import * as syncRoute from "@/app/api/admin/sources/[sourceId]/sync/route";
import * as sourceNamesRoute from "@/app/api/sources/route";
import * as keysRoute from "@/app/api/admin/ingest-keys/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import * as listRoute from "@/app/api/transcripts/route";
import * as detailRoute from "@/app/api/transcript/[transcriptId]/route";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { runScript } from "../helpers/run-script";
import { startFakeVoiceflow, type FakeVoiceflow } from "../helpers/fake-voiceflow";
import { syncToEnd, useSourcesEnvironment } from "../helpers/fake-voiceflow-sources";

useSourcesEnvironment();
jest.setTimeout(240_000);

const NOW = Date.now();
const DAY = 86_400_000;
let adminToken: string;
let userToken: string;
const fakes: FakeVoiceflow[] = [];
/** The ids each way in brought. */
const brought: Record<string, string[]> = {};
let sourceA: string;
let sourceB: string;

async function platform(seed: string, count: number) {
  const fake = await startFakeVoiceflow({ count, days: 6, endMs: NOW - 60_000, seed });
  fakes.push(fake);
  return fake;
}

async function syncedSource(name: string, fake: FakeVoiceflow): Promise<string> {
  const created = await call(sourcesRoute.POST, "POST", "/api/admin/sources", {
    token: adminToken,
    body: { name, kind: "voiceflow-v2", projectId: fake.projectId, apiKey: fake.apiKey, baseUrl: fake.baseUrl },
  });
  const sourceId = created.body.id as string;
  const run = await call(syncRoute.POST, "POST", `/api/admin/sources/${sourceId}/sync`, { token: adminToken, params: { sourceId } });
  await syncToEnd(run.body.runId);
  brought[sourceId] = fake.transcripts.map((t) => t._id);
  return sourceId;
}

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  userToken = (await signedInUser()).token;
  sourceA = await syncedSource("Support bot", await platform("origin-a", 80));
  sourceB = await syncedSource("Sales bot", await platform("origin-b", 30));

  const key = (await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: adminToken, body: { name: "Origins" } })).body.key;
  const pushed = (await platform("origin-ingest", 25)).transcripts;
  const ingested = await call(ingestRoute.POST, "POST", "/api/ingest/transcripts", {
    body: pushed,
    headers: { authorization: `Bearer ${key}` },
  });
  expect(ingested.body).toMatchObject({ imported: 25, rejected: [] });
  brought.ingest = pushed.map((t) => t._id);

  const exported = (await platform("origin-import", 20)).transcripts;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "origins-")), "export.json");
  writeFileSync(file, JSON.stringify(exported));
  expect(runScript("import", [file]).code).toBe(0);
  brought.import = exported.map((t) => t._id);
});
afterAll(() => Promise.all(fakes.map((fake) => fake.close())));

const range = { startTime: new Date(NOW - 10 * DAY).toISOString(), endTime: new Date(NOW).toISOString() };

async function listAll(query: Record<string, string>, source: string[]) {
  const ids: string[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const params = new URLSearchParams({ ...range, ...query, limit: "100", page: String(page) });
    for (const one of source) params.append("source", one);
    const res = await call(listRoute.GET, "GET", `/api/transcripts?${params}`, { token: userToken });
    expect(res.status).toBe(200);
    total = res.body.total;
    ids.push(...res.body.transcripts.map((t: { id: string }) => t.id));
    if (page >= res.body.totalPages) break;
  }
  return { ids, total };
}

const sorted = (ids: string[]) => [...ids].sort();

it("gives exactly the transcripts of the chosen ways in, newest first", async () => {
  const everything = await listAll({}, []);
  expect(everything.total).toBe(155);
  for (const chosen of [[sourceA], [sourceB], ["ingest"], ["import"], [sourceB, "ingest"], ["ingest", "import", sourceA, sourceB]]) {
    const expected = chosen.flatMap((origin) => brought[origin]);
    const { ids, total } = await listAll({}, chosen);
    expect({ chosen, total }).toEqual({ chosen, total: expected.length });
    expect(sorted(ids)).toEqual(sorted(expected));
    // The filtered list keeps the list's order.
    expect(ids).toEqual(everything.ids.filter((id) => expected.includes(id)));
  }
  expect(await listAll({}, ["no-such-source"])).toEqual({ ids: [], total: 0 });
});

it("combines with the other filters and the search", async () => {
  const rows = await db.transcript.findMany({ select: { id: true, device: true, origin: true, source: true } });
  const desktopOfA = rows.filter((row) => row.origin === sourceA && row.device === "Desktop").map((row) => row.id);
  expect(desktopOfA.length).toBeGreaterThan(0);
  const byDevice = await listAll({ device: "desktop" }, [sourceA]);
  expect(sorted(byDevice.ids)).toEqual(sorted(desktopOfA));
  expect(byDevice.total).toBe(desktopOfA.length);

  const word = "order";
  const searched = await listAll({ search: word }, [sourceB, "import"]);
  const holding = rows.filter((row) => (row.origin === sourceB || row.origin === "import") && row.source.toLowerCase().includes(word));
  expect(holding.length).toBeGreaterThan(0);
  expect(searched.total).toBe(searched.ids.length);
  expect(searched.ids.every((id) => holding.some((row) => row.id === id))).toBe(true);
});

it("names each transcript's way in, and gives the sources' names to any signed-in user", async () => {
  const detail = async (transcriptId: string) =>
    (await call(detailRoute.GET, "GET", `/api/transcript/${transcriptId}`, { token: userToken, params: { transcriptId } })).body;
  expect((await detail(brought[sourceA][0])).origin).toBe(sourceA);
  expect((await detail(brought.ingest[0])).origin).toBe("ingest");
  expect((await detail(brought.import[0])).origin).toBe("import");

  const names = await call(sourceNamesRoute.GET, "GET", "/api/sources", { token: userToken });
  expect(names.body).toEqual([
    { id: sourceA, name: "Support bot" },
    { id: sourceB, name: "Sales bot" },
  ]);
  expect((await call(sourceNamesRoute.GET, "GET", "/api/sources")).status).toBe(401);
});

it("takes the way in of a transcript's latest version", async () => {
  const row = await db.transcript.findUniqueOrThrow({ where: { id: brought[sourceB][0] } });
  const record = JSON.parse(row.source) as Record<string, unknown>;
  const key = (await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: adminToken, body: { name: "Again" } })).body.key;
  const resent = await call(ingestRoute.POST, "POST", "/api/ingest/transcripts", {
    body: [record],
    headers: { authorization: `Bearer ${key}` },
  });
  expect(resent.body).toMatchObject({ updated: 1 });
  expect((await db.transcript.findUniqueOrThrow({ where: { id: row.id } })).origin).toBe("ingest");
  expect((await listAll({}, [sourceB])).total).toBe(brought[sourceB].length - 1);
});
