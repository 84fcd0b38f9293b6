// An erasure leaves no trace of what it erased in the database's files: a transcript holding a word
// found nowhere else and an e-mail address (stored with redaction off), rated, noted and tagged, is
// erased; then neither the word nor the address is in any byte of the SQLite file and its WAL, nor
// (PostgreSQL) in any live or dead tuple of any table or TOAST table, read page by page through
// pageinspect. SQLite and PostgreSQL.
import { randomBytes } from "node:crypto";
import { readFileSync, existsSync } from "node:fs";
import * as keysRoute from "@/app/api/admin/ingest-keys/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import * as privacyRoute from "@/app/api/admin/privacy/route";
import * as eraseRoute from "@/app/api/admin/transcripts/erase/route";
import * as listRoute from "@/app/api/transcripts/route";
import { DEFAULT_PRIVACY_SETTINGS } from "@/lib/schemas/privacy";
import { db, isPostgres } from "@/lib/server/db";
import { sqliteFileOf } from "@/lib/private-files.mjs";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { legacyTranscript } from "./transcripts-test-data";

const range = { startTime: "2025-11-01T00:00:00Z", endTime: "2025-11-03T00:00:00Z" };
const at = (minute: number) => new Date(Date.UTC(2025, 10, 1) + minute * 60_000).toISOString();
/** Found in no other text of the test: lower case, as search texts are folded. */
const WORD = `quokka${randomBytes(6).toString("hex")}marmot`;
const ADDRESS = `maria.${randomBytes(4).toString("hex")}@example.org`;
const OTHERS = 60;

let adminToken: string;
let userToken: string;
let adminId: string;

const ingest = async (records: unknown[]) => {
  const created = await call(keysRoute.POST, "POST", "/api/admin/ingest-keys", { token: adminToken, body: { name: "Traces" } });
  const res = await call(ingestRoute.POST, "POST", "/api/ingest/transcripts", {
    body: records,
    headers: { authorization: `Bearer ${created.body.key}` },
  });
  expect(res.status).toBe(200);
};
const searchTotal = async (search: string) =>
  (await call(listRoute.GET, "GET", "/api/transcripts", { token: userToken, query: { ...range, search } })).body.total as number;

/** Where the needle's UTF-8 bytes are in SQLite's files (the database and its WAL). */
function sqliteFilesHolding(needle: string): string[] {
  const file = sqliteFileOf(process.env.DATABASE_URL!);
  return [file, `${file}-wal`].filter((path) => existsSync(path) && readFileSync(path).includes(Buffer.from(needle, "utf8")));
}

/**
 * The tables (and TOAST tables) of the database with a tuple, live or dead, whose data holds the
 * needle's bytes: every page of each read raw through pageinspect, each line pointer's data tested.
 */
async function postgresTablesHolding(needle: string): Promise<string[]> {
  await db.$executeRawUnsafe("CREATE EXTENSION IF NOT EXISTS pageinspect");
  const rows = await db.$queryRawUnsafe<{ relname: string }[]>(
    `WITH tables AS (
       SELECT c.oid, c.relname::text AS relname, c.reltoastrelid FROM pg_class c
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
     ), relations AS (
       SELECT oid, relname FROM tables
       UNION ALL SELECT reltoastrelid, relname || ' (TOAST)' FROM tables WHERE reltoastrelid <> 0
     )
     SELECT DISTINCT r.relname FROM relations r
     CROSS JOIN LATERAL generate_series(0, (pg_relation_size(r.oid) / current_setting('block_size')::int)::int - 1) AS block
     CROSS JOIN LATERAL heap_page_items(get_raw_page(r.oid::regclass::text, block)) AS item
     WHERE item.t_data IS NOT NULL AND position(convert_to($1, 'UTF8') IN item.t_data) > 0
     ORDER BY 1`,
    needle,
  );
  return rows.map((row) => row.relname);
}

const holding = (needle: string) => (isPostgres() ? postgresTablesHolding(needle) : Promise.resolve(sqliteFilesHolding(needle)));

beforeAll(async () => {
  const admin = await signedInUser({ isAdmin: true });
  adminToken = admin.token;
  adminId = admin.user.id;
  userToken = (await signedInUser()).token;
  const settings = await call(privacyRoute.PUT, "PUT", "/api/admin/privacy", {
    token: adminToken,
    body: { ...DEFAULT_PRIVACY_SETTINGS, redact: { ...DEFAULT_PRIVACY_SETTINGS.redact, email: false } },
  });
  expect(settings.status).toBe(200);
});

describe("erasure leaves nothing of what it erased in the database's files", () => {
  it("holds neither the word nor the address anywhere once the transcript is erased", async () => {
    const others = Array.from({ length: OTHERS }, (_, i) =>
      legacyTranscript({ id: `other-${i}`, createdAt: at(10 + i), turns: ["user: where is my parcel", `It left the depot ${i}`] }),
    );
    const erased = legacyTranscript({
      id: "to-erase",
      createdAt: at(5),
      turns: [`user: my ${WORD} order, write to ${ADDRESS}`, `Noted, ${WORD} on its way`],
    });
    await ingest([...others, erased]);
    expect(await searchTotal(WORD)).toBe(1);
    expect(await searchTotal(ADDRESS)).toBe(1);

    const { sortKey } = await db.transcript.findUniqueOrThrow({ where: { id: "to-erase" }, select: { sortKey: true } });
    const tag = await db.tag.create({ data: { name: "traces", color: "#112233" } });
    await db.feedback.create({
      data: { transcriptId: "to-erase", messageIndex: 1, feedbackType: "thumbs_down", userId: adminId, comment: `${WORD} ${ADDRESS}` },
    });
    await db.transcriptNote.create({ data: { sortKey, authorId: adminId, body: `called ${ADDRESS} about ${WORD}` } });
    await db.transcriptTag.create({ data: { sortKey, tagId: tag.id } });
    // What the test looks for is there to be found before the erasure.
    expect(await holding(WORD)).not.toEqual([]);
    expect(await holding(ADDRESS)).not.toEqual([]);

    const res = await call(eraseRoute.POST, "POST", "/api/admin/transcripts/erase", {
      token: adminToken,
      body: { ids: ["to-erase"], reason: "Request from the customer", expectedCount: 1 },
    });
    expect(res.status).toBe(200);
    expect(await searchTotal(WORD)).toBe(0);

    expect(await holding(WORD)).toEqual([]);
    expect(await holding(ADDRESS)).toEqual([]);
    expect(await db.transcript.count()).toBe(OTHERS);
  });
});
