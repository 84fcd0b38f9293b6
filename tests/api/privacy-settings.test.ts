// GET/PUT /api/admin/privacy — which kinds are redacted, administrators' own patterns
// (checked for safety before they are saved), retention — audited, and applied at once to what the
// ingest API stores. Runs on SQLite and PostgreSQL.
import * as privacyRoute from "@/app/api/admin/privacy/route";
import * as keysRoute from "@/app/api/admin/ingest-keys/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";
import { db } from "@/lib/server/db";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { legacyTranscript } from "./transcripts-test-data";

let adminToken: string;
let key: string;

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  key = (await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: adminToken, body: { name: "Privacy settings" } })).body.key;
});

const get = () => call(privacyRoute.GET, "GET", "/api/admin/privacy", { token: adminToken });
const put = (body: unknown) => call(privacyRoute.PUT, "PUT", "/api/admin/privacy", { token: adminToken, body });
const ingest = (body: unknown) =>
  call(ingestRoute.POST, "POST", "/api/ingest/transcripts", { body, headers: { authorization: `Bearer ${key}` } });

describe("GET/PUT /api/admin/privacy", () => {
  it("answers the defaults until changed: every built-in kind redacted, no patterns, kept for ever", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_PRIVACY_SETTINGS);
  });

  it("saves the settings, records the change and redacts new transcripts by them", async () => {
    const settings = {
      redact: { email: false, phone: true, card: true, iban: true, ip: true },
      customPatterns: [{ name: "customer", pattern: "CUST-\\d{6}" }],
      retentionDays: 365,
    };
    const saved = await put(settings);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...settings, customPatterns: [{ name: "CUSTOMER", pattern: "CUST-\\d{6}" }] });
    expect((await get()).body).toEqual(saved.body);

    const audit = await db.auditEvent.findFirstOrThrow({ where: { action: "privacy_settings.update" }, orderBy: { createdAt: "desc" } });
    expect(JSON.parse(audit.details!)).toMatchObject({ redact: settings.redact, retentionDays: 365 });

    // Created yesterday: within the retention just set, which refuses older transcripts at the door.
    const sent = await ingest(
      legacyTranscript({
        id: "privacy-settings-1",
        createdAt: new Date(Date.now() - 86_400_000).toISOString(),
        turns: ["user: I am jo@example.org, customer CUST-123456, call +44 20 7946 0958", "Noted, order NW-5532 of 2025-06-30."],
      }),
    );
    expect(sent.body).toMatchObject({ imported: 1, rejected: [] });
    const row = await db.transcript.findUniqueOrThrow({ where: { id: "privacy-settings-1" } });
    // E-mail redaction is off: the address is kept; the rest is replaced; order numbers and dates survive.
    expect(row.question).toBe("I am jo@example.org, customer [CUSTOMER], call [PHONE]");
    expect(row.answer).toBe("Noted, order NW-5532 of 2025-06-30.");
    expect(row.source).not.toContain("CUST-123456");
    expect(row.source).not.toContain("7946");
  });

  it.each([
    [{ name: "ahead", pattern: "ORD(?=-)" }, "Pattern 1: Patterns cannot use look-ahead (?=...)"],
    [{ name: "behind", pattern: "(?<=ID:)\\d+" }, "Pattern 1: Patterns cannot use look-behind (?<=...) or (?<!...)"],
    [
      { name: "empty", pattern: "x*" },
      "Pattern 1: Patterns must not match an empty text (as x* or ^ do): each match must hold at least one character",
    ],
    [{ name: "broken", pattern: "([a-z" }, "Pattern 1: A character class opened with [ is not closed with ]"],
    [{ name: "bad name!", pattern: "abc" }, "Pattern 1: Names must start with a letter and hold only letters, digits and _"],
  ])("refuses a custom pattern the engine cannot run or an invalid one, %j, with 400 and keeps the settings", async (pattern, message) => {
    const before = (await get()).body;
    const res = await put({ ...DEFAULT_PRIVACY_SETTINGS, customPatterns: [pattern] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await get()).body).toEqual(before);
  });

  it("refuses malformed settings with 400 and a message", async () => {
    for (const body of [
      {},
      { ...DEFAULT_PRIVACY_SETTINGS, redact: { email: "yes", phone: true, card: true, iban: true, ip: true } },
      { ...DEFAULT_PRIVACY_SETTINGS, retentionDays: 0 },
      { ...DEFAULT_PRIVACY_SETTINGS, retentionDays: 2.5 },
      {
        ...DEFAULT_PRIVACY_SETTINGS,
        customPatterns: [
          { name: "A", pattern: "a" },
          { name: "a", pattern: "b" },
        ],
      },
    ]) {
      const res = await put(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe("string");
      // Plain words: no internal field path such as "customPatterns.0.pattern:".
      expect(res.body.message).not.toMatch(/customPatterns|retentionDays|redact\.|^\w+(\.\w+)*: /);
    }
  });
});
