// Hostile input against every handler of every route file, as a caller its policy admits: wrong
// types, huge and odd strings, SQL and HTML payloads, malformed, deep and oversized bodies, and
// hostile query strings and ids. Never a 500, always a message with a 4xx, and a refused request
// stores nothing.
import { createIngestKey } from "@/lib/server/ingest/ingest-keys";
import { db } from "@/lib/server/db";
import { call, type CallOptions } from "../helpers/api-client";
import { createUser, signedInUser } from "../helpers/users";
import { apiHandlers } from "../helpers/api-routes";

const STRINGS = [
  "' OR '1'='1' --",
  '\'; DROP TABLE "User"; --',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "\u0000\u0001\u0002",
  "𝕳𝖊𝖑𝖑𝖔 🤖 \u202Eevil\u202C",
  "%00%27%22",
  "../../../../etc/passwd",
  "x".repeat(100_000),
  "",
  "   ",
];
const VALUES: unknown[] = [...STRINGS, null, true, -1, 1e308, -0, 3.14, [], {}, ["a"], { $ne: null }, { __proto__: { isAdmin: true } }];
const FIELDS = [
  "email",
  "password",
  "token",
  "name",
  "comment",
  "transcriptId",
  "messageIndex",
  "feedbackType",
  "reviewStatus",
  "isAdmin",
  "id",
  "transcripts",
  "dialog",
  "sessionID",
];

function deepArray(depth: number): string {
  return `${"[".repeat(depth)}${"]".repeat(depth)}`;
}

const json = { "content-type": "application/json" };
const hostileRequests: [string, CallOptions][] = [
  ["malformed JSON", { rawBody: '{"email": "a@b.co",', headers: json }],
  ["a JSON number", { rawBody: "12345", headers: json }],
  ["JSON null", { rawBody: "null", headers: json }],
  ["deeply nested arrays", { rawBody: deepArray(5000), headers: json }],
  ["a 20 MB body", { rawBody: `{"padding":"${"x".repeat(20 * 1024 * 1024)}"}`, headers: json }],
  ["a body that is not JSON", { rawBody: "<xml/>", headers: { "content-type": "application/xml" } }],
  ["invalid UTF-8", { rawBody: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString("latin1"), headers: json }],
  ...VALUES.map((value, index): [string, CallOptions] => [
    `every field set to hostile value #${index}`,
    { body: Object.fromEntries(FIELDS.map((field) => [field, value])) },
  ]),
  ...STRINGS.map((value, index): [string, CallOptions] => [
    `hostile query string #${index}`,
    {
      query: Object.fromEntries(
        ["startTime", "endTime", "page", "limit", "search", "sessionId", "tz", "filter", "transcriptId"].map((name) => [name, value]),
      ),
    },
  ]),
  [
    "absurd paging",
    { query: { startTime: "2025-01-01T00:00:00Z", endTime: "2025-02-01T00:00:00Z", page: "99999999999999999999", limit: "1e9" } },
  ],
  ["a reversed range", { query: { startTime: "2025-02-01T00:00:00Z", endTime: "2025-01-01T00:00:00Z" } }],
];
const HOSTILE_IDS = ['\'; DROP TABLE "User"; --', "../../etc/passwd", "<script>", "x".repeat(5000), "%00", "🤖"];

async function tableCounts() {
  const [users, feedback, transcripts, audit, keys] = await Promise.all([
    db.user.count(),
    db.feedback.count(),
    db.transcript.count(),
    db.auditEvent.count(),
    db.ingestKey.count(),
  ]);
  return { users, feedback, transcripts, audit, keys };
}

const targets = apiHandlers();

const credentials: Record<string, string | undefined> = {};
beforeAll(async () => {
  credentials.public = undefined;
  credentials.user = (await signedInUser()).token;
  credentials.admin = (await signedInUser({ isAdmin: true })).token;
  credentials.ingest = (await createIngestKey({ name: "hostile input", actor: await createUser({ isAdmin: true }) })).key;
});

function expectSafe(res: { status: number; body: unknown }, context: string) {
  const outcome = { context, status: res.status };
  expect(outcome).toEqual({ context, status: expect.any(Number) });
  if (res.status >= 500) throw new Error(`${context} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  if (res.status >= 400) {
    expect(typeof (res.body as { message?: unknown })?.message).toBe("string");
    expect(JSON.stringify(res.body)).not.toMatch(/\n\s+at |node_modules|prisma\//);
  }
}

describe.each(targets.map((target) => [target.name, target] as const))("%s", (_name, target) => {
  it("survives every hostile request and stores nothing when it refuses one", async () => {
    const token = credentials[target.handler.access];
    const params = Object.fromEntries(target.paramNames.map((name) => [name, "unknown-id"]));
    // The counts after one request are the counts before the next.
    let counts = await tableCounts();
    for (const [label, options] of hostileRequests) {
      // A GET cannot carry a body at all.
      if (target.method === "GET" && (options.body !== undefined || options.rawBody !== undefined)) continue;
      const res = await call(target.handler, target.method, target.urlWith("unknown-id"), { token, params, ...options });
      expectSafe(res, `${target.name} with ${label}`);
      const after = await tableCounts();
      if (res.status >= 400) expect({ label, counts: after }).toEqual({ label, counts });
      counts = after;
    }
    for (const id of HOSTILE_IDS) {
      if (target.paramNames.length === 0) break;
      const res = await call(target.handler, target.method, target.urlWith(id), {
        token,
        params: Object.fromEntries(target.paramNames.map((name) => [name, id])),
      });
      expectSafe(res, `${target.name} with id ${id.slice(0, 20)}`);
    }
  });
});
