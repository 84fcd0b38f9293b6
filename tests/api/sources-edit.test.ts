// Editing a source, on both databases: every setting can change; a new key is used from the next
// request; a base URL on another address needs the API key in the same request (the stored key
// never goes where it was not entered for), and its audit entry names both origins; http:// is
// refused unless private hosts are allowed.
import * as sourcesRoute from "@/app/api/admin/sources/route";
import * as sourceRoute from "@/app/api/admin/sources/[sourceId]/route";
import * as testRoute from "@/app/api/admin/sources/[sourceId]/test/route";
import { db } from "@/lib/server/db";
import { API_KEY_FOR_NEW_ADDRESS } from "@/lib/schemas/sources";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { startFakeVoiceflow, type FakeVoiceflow } from "../helpers/fake-voiceflow";
import { useSourcesEnvironment } from "../helpers/fake-voiceflow-sources";

useSourcesEnvironment();

let adminToken: string;
let fake: FakeVoiceflow;
let other: FakeVoiceflow;
const NOW = Date.now();
const PUBLIC_ADDRESS = "93.184.215.14";

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  fake = await startFakeVoiceflow({ count: 30, days: 5, endMs: NOW - 60_000, seed: "edit" });
  other = await startFakeVoiceflow({
    count: 5,
    days: 5,
    endMs: NOW - 60_000,
    seed: "edit-other",
    apiKey: "VF.DM.other000000000.key0000000000",
  });
});
afterAll(() => Promise.all([fake.close(), other.close()]));

async function create(change: Record<string, unknown> = {}) {
  return call(sourcesRoute.POST, "POST", "/api/admin/sources", {
    token: adminToken,
    body: { name: "Editable", kind: "voiceflow-v1", projectId: fake.projectId, apiKey: fake.apiKey, baseUrl: fake.baseUrl, ...change },
  });
}
const patch = (sourceId: string, body: Record<string, unknown>) =>
  call(sourceRoute.PATCH, "PATCH", `/api/admin/sources/${sourceId}`, { token: adminToken, params: { sourceId }, body });
const testConnection = async (sourceId: string) =>
  (await call(testRoute.POST, "POST", `/api/admin/sources/${sourceId}/test`, { token: adminToken, params: { sourceId } })).body;
const audits = async (sourceId: string) =>
  (await db.auditEvent.findMany({ where: { targetId: sourceId, action: "source.update" }, orderBy: { createdAt: "asc" } })).map((event) =>
    JSON.parse(event.details!),
  );

it("changes every setting, and a new API key is the one sent from then on", async () => {
  const { body: source } = await create();
  const changed = await patch(source.id, {
    name: "Renamed",
    kind: "voiceflow-v2",
    projectId: fake.projectId,
    environmentId: "production",
    startDate: new Date(NOW - 3 * 86_400_000).toISOString().slice(0, 10),
    paused: true,
  });
  expect(changed.status).toBe(200);
  expect(changed.body).toMatchObject({
    name: "Renamed",
    kind: "voiceflow-v2",
    environmentId: "production",
    paused: true,
    nextSyncAt: null,
  });
  expect(await testConnection(source.id)).toMatchObject({ ok: true });

  // The platform now takes another key: the stored one is refused, the new one works.
  const sealedBefore = (await db.source.findUniqueOrThrow({ where: { id: source.id } })).apiKeySealed;
  const { body: moved } = await create({ name: "Keyed", apiKey: "VF.DM.old-key-000000000", baseUrl: other.baseUrl });
  expect(await testConnection(moved.id)).toMatchObject({ ok: false, message: expect.stringMatching(/refused the API key/) });
  expect((await patch(moved.id, { apiKey: other.apiKey })).status).toBe(200);
  expect(await testConnection(moved.id)).toMatchObject({ ok: true, found: 5 });
  expect((await db.source.findUniqueOrThrow({ where: { id: source.id } })).apiKeySealed).toBe(sealedBefore);
  expect(await audits(moved.id)).toEqual([{ apiKey: "changed" }]);
  expect(JSON.stringify(await db.auditEvent.findMany())).not.toContain(other.apiKey);
});

it("refuses to send the stored key to a new address, and takes the change with the key", async () => {
  const { body: source } = await create({ name: "Guarded" });
  // Another origin, or the platform's public host, without the key: refused, nothing changes.
  for (const baseUrl of [other.baseUrl, null, ""]) {
    const refused = await patch(source.id, { baseUrl });
    expect({ baseUrl, status: refused.status, body: refused.body }).toEqual({
      baseUrl,
      status: 400,
      body: { message: API_KEY_FOR_NEW_ADDRESS },
    });
  }
  expect(await db.source.findUniqueOrThrow({ where: { id: source.id } })).toMatchObject({ baseUrl: fake.baseUrl });

  // The same origin on another path keeps the key.
  expect((await patch(source.id, { baseUrl: `${fake.baseUrl}/` })).status).toBe(200);
  // With the key, the change is made, and its audit entry names both origins.
  const moved = await patch(source.id, { baseUrl: other.baseUrl, apiKey: other.apiKey });
  expect(moved.status).toBe(200);
  expect(moved.body.baseUrl).toBe(other.baseUrl);
  expect(await testConnection(source.id)).toMatchObject({ ok: true, found: 5 });
  expect((await audits(source.id)).at(-1)).toEqual({
    baseUrl: other.baseUrl,
    apiKey: "changed",
    origin: { from: new URL(fake.baseUrl).origin, to: new URL(other.baseUrl).origin },
  });
});

it("lets the API version change without the key while the platform's own hosts are used", async () => {
  const { body: source } = await create({ name: "Public", baseUrl: null });
  const changed = await patch(source.id, { kind: "voiceflow-v2" });
  expect(changed.status).toBe(200);
  expect((await audits(source.id)).at(-1)).toEqual({
    kind: "voiceflow-v2",
    origin: { from: "https://analytics-api.voiceflow.com", to: "https://api.voiceflow.com" },
  });
  // A host of one's own is a new address.
  expect((await patch(source.id, { baseUrl: fake.baseUrl })).body).toEqual({ message: API_KEY_FOR_NEW_ADDRESS });
});

it("starts the history again when what is read changes", async () => {
  const { body: source } = await create({ name: "History" });
  await db.source.update({ where: { id: source.id }, data: { syncedUntil: new Date(NOW) } });
  expect((await patch(source.id, { name: "History renamed" })).status).toBe(200);
  expect((await db.source.findUniqueOrThrow({ where: { id: source.id } })).syncedUntil).not.toBeNull();
  expect((await patch(source.id, { kind: "voiceflow-v2" })).status).toBe(200);
  expect((await db.source.findUniqueOrThrow({ where: { id: source.id } })).syncedUntil).toBeNull();
});

it("refuses http:// base URLs unless private hosts are allowed", async () => {
  process.env.SOURCES_ALLOW_PRIVATE_HOSTS = "0";
  try {
    const refused = await create({ baseUrl: `http://${PUBLIC_ADDRESS}` });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/must start with https:\/\//);
    const { body: source, status } = await create({ baseUrl: `https://${PUBLIC_ADDRESS}` });
    expect(status).toBe(201);
    const downgraded = await patch(source.id, { baseUrl: `http://${PUBLIC_ADDRESS}`, apiKey: fake.apiKey });
    expect(downgraded.status).toBe(400);
    expect(downgraded.body.message).toMatch(/must start with https:\/\//);
  } finally {
    process.env.SOURCES_ALLOW_PRIVATE_HOSTS = "1";
  }
  expect((await create({ baseUrl: fake.baseUrl })).status).toBe(201);
});

it.each([
  ["an unknown API version", { kind: "dialogflow" }],
  ["an empty name", { name: " " }],
  ["a short key", { apiKey: "short" }],
  ["an unknown field", { apiKeySealed: "x" }],
])("refuses %s", async (_case, body) => {
  const { body: source } = await create({ name: "Validated" });
  const res = await patch(source.id, body);
  expect(res.status).toBe(400);
  expect(typeof res.body.message).toBe("string");
});
