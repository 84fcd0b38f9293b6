// Redaction at ingest: personal data pushed through the ingest API is replaced by typed
// placeholders before anything is stored or indexed: messages, traces and variables, previews,
// question/answer, device fields, the stored source and the search text. Search finds the
// placeholders and never the originals.
import * as keysRoute from "@/app/api/admin/ingest-keys/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import * as listRoute from "@/app/api/transcripts/route";
import * as detailRoute from "@/app/api/transcript/[transcriptId]/route";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { legacyTranscript } from "./transcripts-test-data";

const ORIGINALS = ["jane.doe@example.com", "+49 151 23456789", "4111 1111 1111 1111", "DE89 3704 0044 0532 0130 00", "203.0.113.7"];

let userToken: string;
let key: string;

beforeAll(async () => {
  const adminToken = (await signedInUser({ isAdmin: true })).token;
  userToken = (await signedInUser()).token;
  const created = await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: adminToken, body: { name: "Privacy" } });
  key = created.body.key;
});

const ingest = (body: unknown) =>
  call(ingestRoute.POST, "POST", "/api/ingest/transcripts", { body, headers: { authorization: `Bearer ${key}` } });
const range = { startTime: "2025-07-01T00:00:00Z", endTime: "2025-07-02T00:00:00Z" };
const found = async (search: string) =>
  (
    await call(listRoute.GET, "GET", "/api/transcripts", { token: userToken, query: { ...range, limit: "100", search } })
  ).body.transcripts.map((t: { id: string }) => t.id);

function personalTranscript(): Record<string, unknown> {
  const record = legacyTranscript({
    id: "privacy-1",
    sessionId: "privacy-session-1",
    createdAt: "2025-07-01T10:00:00.000Z",
    device: "kiosk 203.0.113.7",
    turns: [
      "user: my mail is jane.doe@example.com and phone +49 151 23456789",
      "Your card 4111 1111 1111 1111 and IBAN DE89 3704 0044 0532 0130 00 are noted",
    ],
  });
  const dialog = record.dialog as Record<string, unknown>[];
  dialog.push({
    type: "debug",
    format: "trace",
    payload: {
      type: "debug",
      payload: { message: "caller +49 151 23456789", variables: { email: "jane.doe@example.com", ip: "203.0.113.7" } },
    },
    startTime: "2025-07-01T10:00:30.000Z",
  });
  return record;
}

describe("redaction at ingest", () => {
  it("stores no original value anywhere and shows placeholders", async () => {
    const sent = await ingest([personalTranscript()]);
    expect(sent.body).toEqual({ imported: 1, updated: 0, rejected: [] });

    const row = await db.transcript.findUniqueOrThrow({ where: { id: "privacy-1" }, include: { text: true } });
    const stored = JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? String(value) : value));
    for (const original of ORIGINALS) expect(stored).not.toContain(original);
    expect(row.question).toBe("my mail is [EMAIL] and phone [PHONE]");
    expect(row.answer).toBe("Your card [CARD] and IBAN [IBAN] are noted");
    expect(row.device).toBe("kiosk [IP]");
    expect(row.sessionId).toBe("privacy-session-1");

    const detail = await call(detailRoute.GET, "GET", "/api/transcript/privacy-1", {
      token: userToken,
      params: { transcriptId: "privacy-1" },
    });
    expect(detail.status).toBe(200);
    const shown = JSON.stringify(detail.body);
    for (const original of ORIGINALS) expect(shown).not.toContain(original);
    expect(shown).toContain("[EMAIL]");
    expect(shown).toContain("[PHONE]");
  });

  it("finds placeholders by search and never the originals", async () => {
    expect(await found("jane.doe@example.com")).toEqual([]);
    expect(await found("jane")).toEqual([]);
    expect(await found("23456789")).toEqual([]);
    expect(await found("4111")).toEqual([]);
    expect(await found("[EMAIL]")).toEqual(["privacy-1"]);
    expect(await found("noted")).toEqual(["privacy-1"]);
  });
});
