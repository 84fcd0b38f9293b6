// Common words are counted on PostgreSQL from each text's bits of dense words (lib/server/store/
// postgres/dense-bits.ts): a large batch makes its common words dense, the texts stored before it get their
// bits, and every later write keeps them. This file runs on SQLite and on PostgreSQL: on both, every
// search total must equal a count of the texts that contain the query.
import * as listRoute from "@/app/api/transcripts/route";
import { db } from "@/lib/server/db";
import { deleteTranscripts } from "@/lib/server/store";
import { storeRead } from "@/lib/server/store/active-database";
import { int, sql } from "@/lib/server/store/sql";
import { SORT_KEY_SPREAD } from "@/lib/server/store/sort-key";
import { DAY_MS } from "@/lib/transcripts/time-buckets";
import { matchWords } from "@/lib/server/store/postgres/word-index";
import { DENSE_SAMPLE_MIN_TEXTS } from "@/lib/server/store/postgres/dense-bits";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { itOn, testProvider } from "../helpers/database-provider";
import { storeTranscripts, WORD_SEPARATORS_SQL_CLASS, type TestTranscript } from "./transcripts-test-data";

// Whole days 2 to 8 of April, and parts of the 1st and the 9th.
const RANGE = { startTime: "2025-04-01T06:00:00.000Z", endTime: "2025-04-09T17:59:59.999Z" };
// Several words, each with dense listed words ("hello order", "parcel is late") or beside a rarer one
// ("two parcels", "parcels arrived"): on PostgreSQL the texts of a dense word are found from their bits.
const QUERIES = [
  "parcel",
  "parcels",
  "arcel",
  "tracking",
  "racking",
  "hello",
  "parcel tracking",
  "courier",
  "zzzz",
  "hello order",
  "parcel is late",
  "two parcels",
  "parcels arrived",
];
// A word over 100 characters, not listed on PostgreSQL: a text holding it is found by its text alone.
const LONG_WORD = `${"x".repeat(60)}parcel${"y".repeat(60)}`;

const stored = new Map<string, TestTranscript>();
let token: string;
let userId: string;

function at(index: number): string {
  const day = 1 + (index % 9);
  const minute = (index * 37) % (24 * 60);
  return new Date(Date.UTC(2025, 3, day, Math.floor(minute / 60), minute % 60, index % 60)).toISOString();
}

/** Transcript `index` of a batch: which words it holds follows from its index alone. */
function transcript(prefix: string, index: number): TestTranscript {
  const words = [`hello order n${index}`];
  if (index % 2 === 0) words.push("my parcel is late");
  if (index % 3 === 0) words.push("the tracking page is empty");
  if (index % 150 === 0) words.push("two parcels arrived");
  if (index % 400 === 1) words.push(`see ${LONG_WORD}`);
  if (index % 97 === 5) words.push("courier");
  return { id: `${prefix}-${index}`, createdAt: at(index), turns: [`user: ${words[0]}`, ...words.slice(1)] };
}

async function store(transcripts: TestTranscript[]) {
  await storeTranscripts(transcripts);
  for (const item of transcripts) stored.set(item.id, item);
}

/** The ids of the stored transcripts of the range whose text contains the query. */
function expectedIds(query: string): string[] {
  const [start, end] = [Date.parse(RANGE.startTime), Date.parse(RANGE.endTime)];
  const ids: string[] = [];
  for (const item of stored.values()) {
    const createdAt = Date.parse(item.createdAt);
    const text = (item.turns ?? []).map((turn) => (turn.startsWith("user:") ? turn.slice(5).trim() : turn).toLowerCase()).join("\n");
    if (createdAt >= start && createdAt <= end && text.includes(query)) ids.push(item.id);
  }
  return ids;
}

const expectedTotal = (query: string) => expectedIds(query).length;

/** Every total is exact, and every first page lists matches only: all of them when they fit. */
async function expectExactTotals() {
  const totals: Record<string, number> = {};
  const expected: Record<string, number> = {};
  for (const query of QUERIES) {
    const res = await call(listRoute.GET, "GET", "/api/transcripts", { token, query: { ...RANGE, search: query, limit: "100" } });
    expect(res.status).toBe(200);
    totals[query] = res.body.total;
    const ids = expectedIds(query);
    expected[query] = ids.length;
    const listed: string[] = res.body.transcripts.map((item: { id: string }) => item.id);
    if (ids.length <= 100) expect({ query, ids: listed.sort() }).toEqual({ query, ids: ids.sort() });
    else
      expect({ query, count: listed.length, unexpected: listed.filter((id) => !ids.includes(id)) }).toEqual({
        query,
        count: 100,
        unexpected: [],
      });
  }
  expect(totals).toEqual(expected);
  return totals;
}

/**
 * PostgreSQL counts the whole days of a dense word of three characters or more from DenseWordDayCount:
 * every count must equal the number of that day's texts containing the word, and no day may miss one.
 */
async function expectExactDayCounts() {
  if (testProvider() !== "postgres") return;
  const wrong = await storeRead<{ word: string; day: number; stored: unknown; actual: unknown }>(sql`
    WITH "actual" AS (
      SELECT d."bit", (t."sortKey" / ${int(DAY_MS * SORT_KEY_SPREAD)})::integer AS "day", count(*) AS "n"
      FROM "DenseWord" d JOIN "SearchWord" w ON w."id" = d."wordId" JOIN "TranscriptText" t ON strpos(t."text", w."word") > 0
      WHERE d."dayCounted"
      GROUP BY 1, 2
    )
    SELECT w."word", coalesce(c."day", a."day") AS "day", coalesce(c."count", 0) AS "stored", coalesce(a."n", 0) AS "actual"
    FROM "DenseWordDayCount" c
    FULL JOIN "actual" a ON a."bit" = c."bit" AND a."day" = c."day"
    JOIN "DenseWord" d ON d."bit" = coalesce(c."bit", a."bit")
    JOIN "SearchWord" w ON w."id" = d."wordId"
    WHERE coalesce(c."count", 0) <> coalesce(a."n", 0)`);
  expect(wrong).toEqual([]);
  const counted = await storeRead<{ n: unknown }>(sql`SELECT count(*) AS "n" FROM "DenseWordDayCount" WHERE "count" > 0`);
  expect(Number(counted[0].n)).toBeGreaterThan(0);
}

/**
 * PostgreSQL: each text's bits are exactly those of the dense words it holds as whole words, however
 * the text was stored (before or after the word became dense, written anew, moved).
 */
async function expectExactBits() {
  if (testProvider() !== "postgres") return;
  const [row] = await storeRead<{ wrong: unknown; set: unknown }>(sql`
    WITH "expected" AS (
      SELECT DISTINCT x."sortKey", d."bit"
      FROM "TranscriptText" x
      CROSS JOIN LATERAL regexp_split_to_table(x."text", ${`${WORD_SEPARATORS_SQL_CLASS}+`}) AS t("word")
      JOIN "SearchWord" w ON w."word" = t."word"
      JOIN "DenseWord" d ON d."wordId" = w."id"
    ),
    "actual" AS (
      SELECT b."sortKey", g."bit"
      FROM "TranscriptDenseWords" b CROSS JOIN generate_series(0, 511) AS g("bit")
      WHERE ((ARRAY[b."b0", b."b1", b."b2", b."b3", b."b4", b."b5", b."b6", b."b7"])[g."bit" / 64 + 1] >> (g."bit" % 64)) & 1 = 1
    )
    SELECT (SELECT count(*) FROM ((SELECT * FROM "expected" EXCEPT SELECT * FROM "actual") UNION ALL (SELECT * FROM "actual" EXCEPT SELECT * FROM "expected")) AS "diff") AS "wrong",
      (SELECT count(*) FROM "actual") AS "set"`);
  expect(Number(row.wrong)).toBe(0);
  expect(Number(row.set)).toBeGreaterThan(0);
}

/** PostgreSQL: no text may outlive its transcript, no bits their text, and every text has its bits. */
async function expectSearchRowsFollowTranscripts() {
  if (testProvider() !== "postgres") return;
  const [row] = await storeRead<{ texts: unknown; bits: unknown; bare: unknown }>(sql`
    SELECT
      (SELECT count(*) FROM "TranscriptText" x WHERE NOT EXISTS (SELECT 1 FROM "Transcript" t WHERE t."sortKey" = x."sortKey")) AS "texts",
      (SELECT count(*) FROM "TranscriptDenseWords" d WHERE NOT EXISTS (SELECT 1 FROM "TranscriptText" x WHERE x."sortKey" = d."sortKey")) AS "bits",
      (SELECT count(*) FROM "TranscriptText" x WHERE NOT EXISTS (SELECT 1 FROM "TranscriptDenseWords" d WHERE d."sortKey" = x."sortKey")) AS "bare"`);
  expect({ texts: Number(row.texts), bits: Number(row.bits), bare: Number(row.bare) }).toEqual({ texts: 0, bits: 0, bare: 0 });
}

beforeAll(async () => {
  ({
    token,
    user: { id: userId },
  } = await signedInUser());
});

describe("counting common words", () => {
  it("counts texts stored before their words became dense, and those of the batch that made them dense", async () => {
    // A small batch first: it chooses no dense words.
    await store(Array.from({ length: 30 }, (_, index) => transcript("early", index)));
    const before = await expectExactTotals();
    expect(before.parcel).toBeGreaterThan(0);

    await store(Array.from({ length: DENSE_SAMPLE_MIN_TEXTS + 200 }, (_, index) => transcript("bulk", index)));
    if (testProvider() === "postgres") {
      const dense = await storeRead<{ word: string; dayCounted: boolean }>(
        sql`SELECT w."word", d."dayCounted" FROM "DenseWord" d JOIN "SearchWord" w ON w."id" = d."wordId"`,
      );
      const words = dense.map((row) => row.word);
      expect(words).toEqual(expect.arrayContaining(["parcel", "tracking", "hello", "order"]));
      // No search is counted through a word under three characters: "my" and "is" take no bit.
      expect(words).not.toContain("my");
      expect(words).not.toContain("is");
      expect(dense.filter((row) => !row.dayCounted)).toEqual([]);
      expect(words).not.toContain("parcels");
      expect(words).not.toContain("courier");
      // The counts below take the dense path, with the rarer "parcels" and the long word beside it.
      const match = await matchWords("parcel", storeRead);
      expect(match).toMatchObject({ exact: true });
      expect(match?.dense?.otherIds.length).toBeGreaterThanOrEqual(2);
      // Its whole days are counted from DenseWordDayCount; "arcel" lies in it but is not dense itself.
      expect(match?.dense?.ownBit).toEqual(expect.any(Number));
      const inside = await matchWords("arcel", storeRead);
      expect(inside?.dense).toMatchObject({ ownBit: null });
    }
    await expectExactBits();
    await expectExactDayCounts();
    const totals = await expectExactTotals();
    expect(totals.parcel).toBeGreaterThan(before.parcel + 400);
    expect(totals.hello).toBe(expectedTotal("hello"));
  });

  it("stays exact as texts change, move out of the range and arrive in small batches", async () => {
    // A text that no longer holds "parcel" and "tracking".
    const changed = { ...transcript("bulk", 6), turns: ["user: hello again", "nothing to see"] };
    // A text moved to another day (its key changes), one moved out of the range.
    const moved = { ...transcript("bulk", 12), createdAt: "2025-04-05T12:00:00.000Z" };
    const gone = { ...transcript("bulk", 18), createdAt: "2025-05-20T12:00:00.000Z" };
    await store([changed, moved, gone]);
    await store([transcript("late", 0), transcript("late", 3), transcript("late", 5)]);
    await expectExactBits();
    await expectExactDayCounts();
    await expectSearchRowsFollowTranscripts();
    await expectExactTotals();
  });

  it("stays exact as transcripts are deleted", async () => {
    const deleted = ["bulk-2", "bulk-4", "bulk-150", "bulk-401", "late-0"];
    await db.transcript.deleteMany({ where: { id: { in: deleted } } });
    for (const id of deleted) stored.delete(id);
    await expectExactBits();
    await expectExactDayCounts();
    await expectSearchRowsFollowTranscripts();
    await expectExactTotals();
  });

  it("stays exact as the store deletes transcripts (erasure, retention, a source's deletion)", async () => {
    const deleted = ["bulk-0", "bulk-1", "bulk-3", "bulk-300", "bulk-801", "early-6", "late-3", "no-such-id"];
    expect(await deleteTranscripts(deleted)).toBe(deleted.length - 1);
    for (const id of deleted) stored.delete(id);
    await expectExactBits();
    await expectExactDayCounts();
    await expectSearchRowsFollowTranscripts();
    await expectExactTotals();
  });

  it("counts a common word's matches outside the reviewed and rated transcripts exactly", async () => {
    // Reviewed or rated: far more than a tenth of the matches, so that PostgreSQL tests the excluded
    // transcripts by their bits rather than their texts.
    const reviewed = new Map<string, string>();
    const rated = new Set<string>();
    [...stored.keys()].forEach((id, index) => {
      if (index % 5 === 1) reviewed.set(id, "reviewed");
      else if (index % 11 === 2) reviewed.set(id, "needs_attention");
      if (index % 7 === 3) rated.add(id);
    });
    const keys = new Map((await db.transcript.findMany({ select: { id: true, sortKey: true } })).map((row) => [row.id, row.sortKey]));
    await db.transcriptReview.createMany({
      data: [...reviewed].map(([id, status]) => ({ sortKey: keys.get(id)!, status, updatedAt: new Date() })),
    });
    await db.feedback.createMany({
      data: [...rated].map((id) => ({ transcriptId: id, messageIndex: 1, feedbackType: "thumbs_down", userId })),
    });
    const filters: [Record<string, string>, (id: string) => boolean][] = [
      [{ status: "unreviewed" }, (id) => !reviewed.has(id)],
      [{ feedback: "none" }, (id) => !rated.has(id)],
      [{ status: "unreviewed", feedback: "none" }, (id) => !reviewed.has(id) && !rated.has(id)],
    ];
    for (const query of ["parcel", "hello", "tracking", "arcel", "parcels", "parcel tracking", "courier"]) {
      for (const [filter, passes] of filters) {
        const res = await call(listRoute.GET, "GET", "/api/transcripts", {
          token,
          query: { ...RANGE, ...filter, search: query, limit: "50" },
        });
        expect(res.status).toBe(200);
        const ids = expectedIds(query).filter(passes);
        const listed: string[] = res.body.transcripts.map((item: { id: string }) => item.id);
        expect({ query, filter, total: res.body.total, unexpected: listed.filter((id) => !ids.includes(id)) }).toEqual({
          query,
          filter,
          total: ids.length,
          unexpected: [],
        });
        expect(listed.length).toBe(Math.min(50, ids.length));
      }
    }
  });

  itOn("postgres")("forgets every text, its bits and the day counts when the transcripts are truncated", async () => {
    await storeRead(sql`TRUNCATE "Transcript" CASCADE`);
    const [left] = await storeRead<{ texts: unknown; bits: unknown; counts: unknown }>(sql`
      SELECT (SELECT count(*) FROM "TranscriptText") AS "texts", (SELECT count(*) FROM "TranscriptDenseWords") AS "bits", (SELECT count(*) FROM "DenseWordDayCount") AS "counts"`);
    expect({ texts: Number(left.texts), bits: Number(left.bits), counts: Number(left.counts) }).toEqual({ texts: 0, bits: 0, counts: 0 });
    stored.clear();
    await store([transcript("again", 0), transcript("again", 2)]);
    await expectSearchRowsFollowTranscripts();
    await expectExactTotals();
  });
});
