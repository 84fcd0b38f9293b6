// A search finds exactly the transcripts whose stored text holds the folded query, whichever way
// the database finds them: through the word index (lib/server/store/*/word-index.ts), which must not lose a match
// however the query cuts across words and separators, or by reading the range. Both are checked
// here, on each database, against the definition itself: the stored text contains the query.
import * as listRoute from "@/app/api/transcripts/route";
import { sql, type Sql } from "@/lib/server/store/sql";
import { activeDatabase, storeRead, storeWrite } from "@/lib/server/store/active-database";
import { matchWords as matchPostgresWords } from "@/lib/server/store/postgres/word-index";
import { matchWords as matchSqliteWords } from "@/lib/server/store/sqlite/word-index";
import { MAX_LISTED_WORD_LENGTH, wordsOfTexts } from "@/lib/server/store/search-words";
import { normalizeSearchQuery } from "@/lib/transcripts/search-text";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { itOn, testProvider } from "../helpers/database-provider";
import { storeTranscripts, WORD_SEPARATORS_SQL_CLASS, type TestTranscript } from "./transcripts-test-data";

const RANGE = { startTime: "2025-05-01T00:00:00.000Z", endTime: "2025-05-31T23:59:59.999Z" };
const range = { startMs: Date.parse(RANGE.startTime), endMs: Date.parse(RANGE.endTime) };
/** The word index's answer, whichever database it is (both tell whether the match is exact). */
const matchWords = (query: string): Promise<{ exact: boolean } | null> =>
  testProvider() === "postgres" ? matchPostgresWords(query, storeRead) : matchSqliteWords(query, storeRead);

const longWord = `${"ab".repeat(60)}xyz${"cd".repeat(20)}`;

const bot = (id: string, day: number, ...turns: string[]): TestTranscript => ({
  id,
  createdAt: `2025-05-${String(day).padStart(2, "0")}T10:00:00.000Z`,
  turns,
});

const transcripts: TestTranscript[] = [
  bot("shipped", 2, "user: Where is my order?", "Your order NW-12 shipped on Monday."),
  bot("delayed", 3, "user: order nw-123", "Order nw-123 is delayed."),
  bot("reference", 4, "Reference: https://shop.example/returns?id=123456&x=y"),
  bot("non-ascii", 5, "user: Größe «grün» 日本語…ok", "Café au lait 😀😀 served"),
  bot("long-word", 6, `token ${longWord} end`),
  bot("refunds", 7, "user: refund please", "Refunds are refunded in 5 days"),
  bot("dotted", 8, "Steps a-b-c and version 1.2.3"),
  bot("surrogate", 9, "A broken\uD83Dword here"),
  { ...bot("outside", 1, "Your order NW-12 shipped on Monday."), createdAt: "2025-06-01T00:00:00.000Z" },
  // Texts that no query below matches, so that each word above is as rare as a word can be.
  ...Array.from({ length: 200 }, (_, index) => bot(`filler-${index}`, 1 + (index % 30), "user: hello there", "How can I help?")),
];

const queries = [
  "order",
  "rder",
  "orde",
  "er nw-12",
  "nw-12",
  "nw-123",
  "-12 ",
  "w-1",
  "ipped on mon",
  "on monday.",
  "monday.",
  "?id=123456&",
  "123456",
  "=123456&x",
  "://shop.ex",
  "reference: https",
  "größe",
  "«grün»",
  "ün» 日本",
  "日本語…ok",
  "café au",
  "😀😀",
  "ab".repeat(10),
  "babxyzcdc",
  `token ${longWord.slice(0, 30)}`,
  `${longWord.slice(-10)} end`,
  "refund",
  "efund",
  "refunds ",
  "refund please",
  "efunds are refu",
  "nw 12",
  "a-b",
  "b-c a",
  "1.2.3",
  ".2.",
  "roken",
  "word here",
  "zzz",
  "nw-99",
  "orders",
];

let token: string;
let storedTexts: { id: string; text: string }[];

async function readStoredTexts() {
  return storeRead<{ id: string; text: string }>(sql`
    SELECT t."id", x."text" FROM "Transcript" t JOIN "TranscriptText" x ON x."sortKey" = t."sortKey"
    WHERE t."createdAt" BETWEEN ${new Date(RANGE.startTime)} AND ${new Date(RANGE.endTime)} ORDER BY t."sortKey" DESC`);
}

/** The definition: the transcripts of the range whose stored text contains the folded query, newest first. */
function expectedIds(query: string): string[] {
  const folded = normalizeSearchQuery(query)!;
  return storedTexts.filter((row) => row.text.includes(folded)).map((row) => row.id);
}

function searchFor(query: string) {
  return activeDatabase().prepareSearch({ search: normalizeSearchQuery(query)!, sessionId: null }, storeRead);
}

beforeAll(async () => {
  token = (await signedInUser()).token;
  await storeTranscripts(transcripts);
  storedTexts = await readStoredTexts();
});

describe("search over words and separators", () => {
  it("stores the texts the queries are checked against", () => {
    expect(storedTexts.filter((row) => !row.id.startsWith("filler-")).map((row) => row.id)).toEqual([
      "surrogate",
      "dotted",
      "refunds",
      "long-word",
      "non-ascii",
      "reference",
      "delayed",
      "shipped",
    ]);
    expect(longWord.length).toBeGreaterThan(MAX_LISTED_WORD_LENGTH);
  });

  it.each(queries)("finds exactly the texts holding %p through the API", async (query) => {
    const res = await call(listRoute.GET, "GET", "/api/transcripts", { token, query: { ...RANGE, search: query, limit: "100" } });
    expect(res.status).toBe(200);
    const expected = expectedIds(query);
    expect(res.body.transcripts.map((item: { id: string }) => item.id)).toEqual(expected);
    expect(res.body.total).toBe(expected.length);
  });

  it.each(queries)("finds exactly the texts holding %p through the index and by reading the range", async (query) => {
    const search = await searchFor(query);
    const expected = expectedIds(query);
    for (const scan of ["index", "range"] as const) {
      const keys = search.matchingKeysSql(range, { descending: true, limit: 100, offset: 0, scan });
      const rows = await storeRead<{ id: string }>(
        sql`SELECT "id" FROM "Transcript" WHERE "sortKey" IN (SELECT "sortKey" FROM (${keys}) AS "page") ORDER BY "sortKey" DESC`,
      );
      expect(rows.map((row) => row.id)).toEqual(expected);
    }
    const [count] = await storeRead<{ n: number | bigint | string }>(search.countSql(range));
    expect(Number(count.n)).toBe(expected.length);
  });

  it("matches these queries against most of the texts somewhere", () => {
    // Guards the list above: a query list that finds nothing proves nothing.
    const notFound = queries.filter((query) => expectedIds(query).length === 0);
    expect(notFound).toEqual(["nw 12", "zzz", "nw-99", "orders"]);
  });

  it("narrows every query with a word of three characters or an anchored word through the word index", async () => {
    for (const query of ["order", "nw-12", "ipped on mon", "-123456?", "«grün»", "😀😀😀", "ab".repeat(10), "roken"]) {
      expect({ query, words: await matchWords(normalizeSearchQuery(query)!) }).toEqual({
        query,
        words: expect.objectContaining({ exact: expect.any(Boolean) }),
      });
    }
    // A single word without separators is proven by the words holding it; anything else is tested.
    expect(await matchWords("refund")).toMatchObject({ exact: true });
    expect(await matchWords("refund please")).toMatchObject({ exact: false });
    // Too short, or only separators: nothing to look up.
    expect(await matchWords("or")).toBeNull();
    expect(await matchWords("?!-")).toBeNull();
  });

  itOn("sqlite")("looks a word up on SQLite as the listed words holding it, and several as a phrase", async () => {
    expect(await matchSqliteWords("refund", storeRead)).toEqual({ query: '"refund" OR "refunded" OR "refunds"', exact: true });
    // Several words: a phrase, its first word ending a word and its last one starting one.
    expect(await matchSqliteWords("efund please", storeRead)).toEqual({ query: '"refund" + "please"', exact: false });
    expect(await matchSqliteWords("efund p", storeRead)).toEqual({ query: '"refund" + "please"', exact: false });
    expect(await matchSqliteWords("refunds are", storeRead)).toEqual({ query: '"refunds" + "are"', exact: false });
    expect(await matchSqliteWords("-on monday.", storeRead)).toEqual({ query: '"on" + "monday"', exact: false });
    // A first word of two characters: the words ending in them, by the index of words' last two
    // characters; a single character is left out of the phrase.
    expect(await matchSqliteWords("on monday.", storeRead)).toEqual({ query: '"on" + "monday" OR "version" + "monday"', exact: false });
    expect(await matchSqliteWords("nw-1", storeRead)).toEqual({
      query: '"nw" + "1" OR "nw" + "12" OR "nw" + "123" OR "nw" + "123456"',
      exact: false,
    });
    expect(await matchSqliteWords("n monday.", storeRead)).toEqual({ query: '"monday"', exact: false });
    // A word no listed word can hold: no text holds the query.
    expect(await matchSqliteWords("refund zzz", storeRead)).toEqual({ query: null, exact: false });
  });

  it("follows a transcript whose text changes", async () => {
    await storeTranscripts([bot("shipped", 2, "user: Where is my parcel?", "Your parcel PX-77 arrives on Friday.")]);
    storedTexts = await readStoredTexts();
    for (const query of ["nw-12", "px-77", "arrives on fri", "parcel"]) {
      const search = await searchFor(query);
      const keys = search.matchingKeysSql(range, { descending: true, limit: 100, offset: 0, scan: "index" });
      const rows = await storeRead<{ id: string }>(
        sql`SELECT "id" FROM "Transcript" WHERE "sortKey" IN (SELECT "sortKey" FROM (${keys}) AS "page") ORDER BY "sortKey" DESC`,
      );
      expect({ query, ids: rows.map((row) => row.id) }).toEqual({ query, ids: expectedIds(query) });
    }
    expect(expectedIds("px-77")).toEqual(["shipped"]);
    expect(expectedIds("nw-12")).toEqual(["delayed"]);
  });

  itOn("postgres")("splits words in PostgreSQL's SQL as the store does in JavaScript", async () => {
    const rows = await storeRead<{ text: string; words: string[] }>(sql`
      SELECT x."text", ARRAY(SELECT DISTINCT w FROM regexp_split_to_table(x."text", ${`${WORD_SEPARATORS_SQL_CLASS}+`}) AS w WHERE w <> '' ORDER BY 1) AS "words"
      FROM "TranscriptText" x`);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      const { words } = wordsOfTexts([row.text]);
      expect([...row.words].sort()).toEqual([...words].sort());
    }
  });

  itOn("sqlite")("indexes on SQLite exactly the words the store lists in JavaScript", async () => {
    const texts = (await storeRead<{ text: string }>(sql`SELECT "text" FROM "TranscriptText"`)).map((row) => row.text);
    const expected = wordsOfTexts(texts).words;
    expect(expected).toContain(longWord);
    // Compared as the bytes SQLite holds: a lone surrogate has no UTF-8 form to compare in JavaScript.
    const { wanted, indexed, listed } = await storeWrite(async (tx) => {
      await tx.execute(sql`CREATE VIRTUAL TABLE temp."TranscriptWordsVocabulary" USING fts5vocab(main, 'TranscriptWords', 'row')`);
      const hexes = async (statement: Sql) => (await tx.query<{ h: string }>(statement)).map((row) => row.h).sort();
      const result = {
        wanted: await hexes(sql`SELECT hex("value") AS "h" FROM json_each(${JSON.stringify(expected)})`),
        indexed: await hexes(sql`SELECT hex("term") AS "h" FROM temp."TranscriptWordsVocabulary"`),
        listed: await hexes(sql`SELECT hex("word") AS "h" FROM "SearchWord"`),
      };
      await tx.execute(sql`DROP TABLE temp."TranscriptWordsVocabulary"`);
      return result;
    });
    expect(indexed).toEqual(wanted);
    expect(wanted.filter((word) => !listed.includes(word))).toEqual([]);
  });
});
