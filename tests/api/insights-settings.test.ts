// GET/PUT /api/admin/insight-settings (this file runs on SQLite and on PostgreSQL): the
// English defaults, a change audited and applied to transcripts saved after it.
import * as settingsRoute from "@/app/api/admin/insight-settings/route";
import { DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { db } from "@/lib/server/db";
import { storeRead } from "@/lib/server/store/active-database";
import { sql, toNumber } from "@/lib/server/store/sql";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { storeTranscripts } from "./transcripts-test-data";

const ALL_RULES_ON = { noMatchPath: true, noMatchDebug: true, sameReprompt: true, handoffAction: true, handoffIntent: true };

let adminToken: string;
let userToken: string;

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  userToken = (await signedInUser()).token;
});

const getSettings = (token: string) => call(settingsRoute.GET, "GET", "/api/admin/insight-settings", { token });
const putSettings = (token: string, body: unknown) => call(settingsRoute.PUT, "PUT", "/api/admin/insight-settings", { token, body });

async function fallbackOf(id: string) {
  const rows = await storeRead<{ fallback: unknown; rulesVersion: unknown }>(sql`
    SELECT s."fallback", s."rulesVersion" FROM "Transcript" t JOIN "TranscriptSignal" s ON s."sortKey" = t."sortKey" WHERE t."id" = ${id}`);
  return { fallback: toNumber(rows[0].fallback) === 1, rulesVersion: toNumber(rows[0].rulesVersion) };
}

describe("insight settings", () => {
  it("answers the English defaults before any change, to administrators only", async () => {
    const res = await getSettings(adminToken);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_INSIGHT_SETTINGS);
    expect(res.body.fallbackPhrases.length).toBeGreaterThan(0);
    expect((await getSettings(userToken)).status).toBe(403);
    expect((await putSettings(userToken, DEFAULT_INSIGHT_SETTINGS)).status).toBe(403);
  });

  it("refuses a blank phrase with a message", async () => {
    const res = await putSettings(adminToken, { fallbackPhrases: ["  "], handoffPhrases: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Fallback phrases cannot be blank/);
  });

  it("stores a change, audits it and derives later transcripts' signals by it", async () => {
    await storeTranscripts([{ id: "set-before", createdAt: "2025-06-01T10:00:00.000Z", turns: ["user: blorp", "Beep boop, no idea."] }]);
    expect(await fallbackOf("set-before")).toEqual({ fallback: false, rulesVersion: 0 });

    const settings = { fallbackPhrases: ["beep boop", "Beep-boop!"], handoffPhrases: ["human please"] };
    const res = await putSettings(adminToken, settings);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ fallbackPhrases: ["beep boop"], handoffPhrases: ["human please"], platformRules: ALL_RULES_ON });
    expect((await getSettings(adminToken)).body).toEqual(res.body);

    const audit = await db.auditEvent.findMany({ where: { action: "insight_settings.update" } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: "insight_settings", targetLabel: "Insight settings" });
    expect(JSON.parse(audit[0].details!)).toEqual({ ...res.body, version: 1 });

    await storeTranscripts([{ id: "set-after", createdAt: "2025-06-01T11:00:00.000Z", turns: ["user: blorp", "Beep boop, no idea."] }]);
    expect(await fallbackOf("set-after")).toEqual({ fallback: true, rulesVersion: 1 });
    // Stored transcripts keep what they were derived with until a recompute: their rules version tells.
    expect(await fallbackOf("set-before")).toEqual({ fallback: false, rulesVersion: 0 });
  });
});
