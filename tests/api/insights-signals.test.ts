// Every saved transcript gets its signals stored with it (this file runs on SQLite and on
// PostgreSQL), derived from its dialog by the phrase lists of the moment; they follow the
// transcript when it is saved again and go with it when it is deleted.
import { SIGNALS_VERSION } from "@/lib/insights/derive-signals";
import { storeRead } from "@/lib/server/store/active-database";
import { deleteTranscripts } from "@/lib/server/store/delete-transcripts";
import { join, sql, toNumber } from "@/lib/server/store/sql";
import { legacyTranscript, storeTranscripts, type TestTranscript } from "./transcripts-test-data";
import { deriveSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules, DEFAULT_INSIGHT_SETTINGS } from "@/lib/insights/signal-rules";
import { currentSignalSettings, saveTranscripts } from "@/lib/server/store";
import { readRecord } from "@/lib/transcripts/read-record";
import * as detailRoute from "@/app/api/transcript/[transcriptId]/route";
import * as settingsRoute from "@/app/api/admin/insight-settings/route";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";

interface SignalRow {
  id: string;
  version: unknown;
  rulesVersion: unknown;
  fallback: unknown;
  handoff: unknown;
  unanswered: unknown;
  repeated: unknown;
  questionGroup: string | null;
  questionExample: string | null;
}

async function signalsOf(ids: string[]) {
  const rows = await storeRead<SignalRow>(sql`
    SELECT t."id", s."version", s."rulesVersion", s."fallback", s."handoff", s."unanswered", s."repeated", s."questionGroup", s."questionExample"
    FROM "Transcript" t JOIN "TranscriptSignal" s ON s."sortKey" = t."sortKey"
    WHERE t."id" IN (${join(ids)})`);
  return Object.fromEntries(
    rows.map((row) => [
      row.id,
      {
        version: toNumber(row.version),
        rulesVersion: toNumber(row.rulesVersion),
        flags: (["fallback", "handoff", "unanswered", "repeated"] as const).filter((name) => toNumber(row[name]) === 1),
        questionGroup: row.questionGroup,
        questionExample: row.questionExample,
      },
    ]),
  );
}

const transcripts: TestTranscript[] = [
  {
    id: "sig-order",
    createdAt: "2025-05-01T10:00:00.000Z",
    turns: ["Hi! How can I help?", "user: Where is my order NW-5532?", "It shipped on Monday."],
  },
  {
    id: "sig-fallback",
    createdAt: "2025-05-01T11:00:00.000Z",
    turns: ["Hi!", "user: do you sell kayaks", "Sorry, I didn't get that."],
  },
  {
    id: "sig-handoff",
    createdAt: "2025-05-01T12:00:00.000Z",
    turns: ["Hi!", "user: I want to speak to a real human", "One moment."],
  },
  {
    id: "sig-unanswered",
    createdAt: "2025-05-01T13:00:00.000Z",
    turns: ["Hi!", "user: can I return my jacket"],
  },
  {
    id: "sig-repeated",
    createdAt: "2025-05-01T14:00:00.000Z",
    turns: ["Hi!", "user: how do I reset my password", "Use the link.", "user: how do I reset my password?", "Use the link."],
  },
  { id: "sig-empty", createdAt: "2025-05-01T15:00:00.000Z", turns: ["Only a greeting"] },
];

beforeAll(async () => {
  await storeTranscripts(transcripts);
});

describe("signals stored at save time", () => {
  it("stores each transcript's signals, question group and example wording", async () => {
    const stored = await signalsOf(transcripts.map((t) => t.id));
    expect(Object.keys(stored).sort()).toEqual(transcripts.map((t) => t.id).sort());
    for (const row of Object.values(stored)) {
      expect(row.version).toBe(SIGNALS_VERSION);
      expect(row.rulesVersion).toBe(0);
    }
    expect(stored["sig-order"]).toMatchObject({
      flags: [],
      questionGroup: "where is my order <id>",
      questionExample: "Where is my order NW-5532?",
    });
    expect(stored["sig-fallback"].flags).toEqual(["fallback"]);
    expect(stored["sig-handoff"].flags).toEqual(["handoff"]);
    expect(stored["sig-unanswered"].flags).toEqual(["unanswered"]);
    expect(stored["sig-repeated"].flags).toEqual(["repeated"]);
    expect(stored["sig-empty"]).toMatchObject({ flags: [], questionGroup: null, questionExample: null });
  });

  it("groups wordings that differ in case, punctuation and ids together", async () => {
    await storeTranscripts([
      { id: "sig-order-2", createdAt: "2025-05-02T10:00:00.000Z", turns: ["user: where is my order nw-9921", "It is on its way."] },
    ]);
    const stored = await signalsOf(["sig-order", "sig-order-2"]);
    expect(stored["sig-order-2"].questionGroup).toBe(stored["sig-order"].questionGroup);
    expect(stored["sig-order-2"].questionExample).toBe("where is my order nw-9921");
  });

  it("re-derives the signals when a transcript is saved again, also under a new sort key", async () => {
    await storeTranscripts([
      {
        id: "sig-unanswered",
        createdAt: "2025-05-03T13:00:00.000Z",
        turns: ["Hi!", "user: can I return my jacket", "Yes, within 30 days."],
      },
    ]);
    const stored = await signalsOf(["sig-unanswered"]);
    expect(stored["sig-unanswered"].flags).toEqual([]);
    const rows = await storeRead<{ count: unknown }>(sql`SELECT COUNT(*) AS "count" FROM "TranscriptSignal"`);
    const transcriptsStored = await storeRead<{ count: unknown }>(sql`SELECT COUNT(*) AS "count" FROM "Transcript"`);
    expect(toNumber(rows[0].count)).toBe(toNumber(transcriptsStored[0].count));
  });

  it("deletes the signals with their transcript", async () => {
    await deleteTranscripts(["sig-empty"]);
    expect(await signalsOf(["sig-empty"])).toEqual({});
    const orphans = await storeRead<{ count: unknown }>(sql`
      SELECT COUNT(*) AS "count" FROM "TranscriptSignal" s WHERE NOT EXISTS (SELECT 1 FROM "Transcript" t WHERE t."sortKey" = s."sortKey")`);
    expect(toNumber(orphans[0].count)).toBe(0);
  });

  it("keeps the signals a worker derived by the current phrase lists, and derives them again by newer ones", async () => {
    const spec: TestTranscript = { id: "sig-given", createdAt: "2025-05-03T10:00:00.000Z", turns: ["Hi!", "user: hello", "Hello!"] };
    const read = readRecord({ raw: legacyTranscript(spec) });
    if (!read.ok) throw new Error(read.reason);
    const given = { ...deriveSignals(read.dialog, compileSignalRules(DEFAULT_INSIGHT_SETTINGS)), fallback: true };
    const { version } = await currentSignalSettings();
    await saveTranscripts([read.transcript], { signals: { rows: [given], rulesVersion: version } });
    expect((await signalsOf(["sig-given"]))["sig-given"].flags).toEqual(["fallback"]);
    // Derived by lists older or newer than those in force: derived again from the source.
    await saveTranscripts([read.transcript], { signals: { rows: [given], rulesVersion: version + 1 } });
    expect((await signalsOf(["sig-given"]))["sig-given"].flags).toEqual([]);
  });
});

describe("GET /api/transcript/{id}: signals", () => {
  const detail = async (transcriptId: string) =>
    call(detailRoute.GET, "GET", `/api/transcript/${transcriptId}`, { token: (await signedInUser()).token, params: { transcriptId } });

  it("lists each signal with the shown turn that shows it and a reason", async () => {
    // Shown turns: 0 "Hi!", 1 the question, 2 the answer.
    const fallback = await detail("sig-fallback");
    expect(fallback.status).toBe(200);
    expect(fallback.body.signals).toEqual([
      { kind: "fallback", messageIndex: 2, reason: "the bot answered with a fallback phrase: 'Sorry, I didn't get that.'" },
    ]);
    expect((await detail("sig-handoff")).body.signals).toEqual([
      { kind: "handoff", messageIndex: 1, reason: "the user asked for a human: 'I want to speak to a real human'" },
    ]);
    expect((await detail("sig-repeated")).body.signals).toEqual([
      { kind: "repeated", messageIndex: 3, reason: "the user asked the same question again" },
    ]);
    expect((await detail("sig-order")).body.signals).toEqual([]);
  });

  it("uses the phrase lists in force", async () => {
    const admin = await signedInUser({ isAdmin: true });
    const body = { ...DEFAULT_INSIGHT_SETTINGS, fallbackPhrases: ["It shipped"] };
    expect((await call(settingsRoute.PUT, "PUT", "/api/admin/insight-settings", { token: admin.token, body })).status).toBe(200);
    expect((await detail("sig-order")).body.signals).toEqual([
      { kind: "fallback", messageIndex: 2, reason: "the bot answered with a fallback phrase: 'It shipped on Monday.'" },
    ]);
    expect((await detail("sig-fallback")).body.signals).toEqual([]);
  });
});
