// The search vocabulary holds no original value once a transcript is erased or redacted.
// The word list (SearchWord, with its index of fragments) holds exactly the words the stored texts
// hold: a word goes with the last text holding it, whether that text is deleted or stored again
// without it (lib/server/store/unlisted-words.ts), and every word still held stays, so that search,
// whole words and fragments alike, finds what it found. On PostgreSQL a dense word stays listed (its
// texts hold its bit, and DenseWord refers to it). SQLite and PostgreSQL.
import * as applyRoute from "@/app/api/admin/privacy/apply/route";
import * as listRoute from "@/app/api/transcripts/route";
import { runJob } from "@/lib/server/jobs/run-jobs";
import { deleteTranscripts } from "@/lib/server/store";
import { storeRead, storeWrite } from "@/lib/server/store/active-database";
import { isLongWord, wordsOfTexts } from "@/lib/server/store/search-words";
import { join, sql } from "@/lib/server/store/sql";
import { call } from "../helpers/api-client";
import { testProvider } from "../helpers/database-provider";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const range = { startTime: "2025-06-01T00:00:00Z", endTime: "2025-06-10T00:00:00Z" };
const at = (day: number, minute: number) => new Date(Date.UTC(2025, 5, day) + minute * 60_000).toISOString();
/** A word over 100 characters: listed on SQLite only (PostgreSQL marks its texts UNLISTED_WORD_ID). */
const LONG_WORD = `token${"x9".repeat(60)}`;
/** More transcripts than one lookup of words takes without its shortcuts (sample, merges, batches). */
const MANY = 1_200;

let adminToken: string;
let userToken: string;

const total = async (search: string) =>
  (await call(listRoute.GET, "GET", "/api/transcripts", { token: userToken, query: { ...range, search } })).body.total as number;

/** Which of these words the list holds. */
async function listed(words: string[]): Promise<string[]> {
  const rows = await storeRead<{ word: string }>(sql`SELECT "word" FROM "SearchWord" WHERE "word" IN (${join(words)})`);
  return rows.map((row) => row.word).sort();
}

/**
 * The list holds every word of the stored texts (PostgreSQL: but those over 100 characters), and no
 * other but PostgreSQL's dense words; SQLite's full-text indexes agree with their tables.
 */
async function expectListOfStoredWords(): Promise<void> {
  const postgres = testProvider() === "postgres";
  const texts = await storeRead<{ text: string }>(sql`SELECT "text" FROM "TranscriptText"`);
  const held = new Set(wordsOfTexts(texts.map((row) => row.text)).words.filter((word) => !postgres || !isLongWord(word)));
  const rows = await storeRead<{ word: string; dense: unknown }>(
    postgres
      ? sql`SELECT w."word", d."bit" IS NOT NULL AS "dense" FROM "SearchWord" w LEFT JOIN "DenseWord" d ON d."wordId" = w."id"`
      : sql`SELECT "word", 0 AS "dense" FROM "SearchWord"`,
  );
  const words = new Set(rows.map((row) => row.word));
  const notHeld = rows.filter((row) => !held.has(row.word) && !row.dense).map((row) => row.word);
  const unlisted = [...held].filter((word) => !words.has(word));
  expect({ notHeld, unlisted }).toEqual({ notHeld: [], unlisted: [] });
  if (!postgres) {
    await storeWrite(async (tx) => {
      await tx.execute(sql`INSERT INTO "SearchWordFragments" ("SearchWordFragments", rank) VALUES ('integrity-check', 1)`);
      await tx.execute(sql`INSERT INTO "TranscriptWords" ("TranscriptWords", rank) VALUES ('integrity-check', 1)`);
    });
  }
}

beforeAll(async () => {
  adminToken = (await signedInUser({ isAdmin: true })).token;
  userToken = (await signedInUser()).token;
  await storeTranscripts([
    { id: "keep-1", createdAt: at(2, 10), turns: ["user: my parcel ZQ81734 is late", "Sorry, see example.org/track"] },
    { id: "keep-2", createdAt: at(3, 20), turns: ["user: parcel ZQ81734 again", "It ships tomorrow"] },
    { id: "mail-1", createdAt: at(2, 30), turns: ["user: write to alex12@example.com about parcel ZQ81734", `Noted ${LONG_WORD}`] },
    { id: "phone-1", createdAt: at(4, 40), turns: ["user: call me on +49 151 98765432 about the parcel", "Noted"] },
  ]);
});

describe("the word list after erasure and redaction", () => {
  it("erasing a transcript unlists the words no other text holds and keeps the others", async () => {
    expect(await listed(["alex12", "com", "example", "parcel", "zq81734"])).toEqual(["alex12", "com", "example", "parcel", "zq81734"]);
    expect(await listed([LONG_WORD])).toEqual(testProvider() === "postgres" ? [] : [LONG_WORD]);
    expect(await total("alex12")).toBe(1);
    expect(await total("x9x9x9")).toBe(1);
    // Counted once before the erasure: the cached counts of its day must not outlive it.
    expect(await total("zq81734")).toBe(3);

    expect(await deleteTranscripts(["mail-1"])).toBe(1);

    expect(await listed(["alex12", "com", "example", "parcel", "zq81734"])).toEqual(["example", "parcel", "zq81734"]);
    await expectListOfStoredWords();
    expect(await total("alex12")).toBe(0);
    expect(await total("lex1")).toBe(0);
    expect(await listed([LONG_WORD])).toEqual([]);
    expect(await total("x9x9x9")).toBe(0);
    expect(await total("zq81734")).toBe(2);
    // Inside a word (fragments), at its start and at its end.
    expect(await total("q8173")).toBe(2);
    expect(await total("zq817")).toBe(2);
    expect(await total("81734 is")).toBe(1);
    expect(await total("arce")).toBe(3);
  });

  it("storing a transcript again with a word replaced unlists the word it no longer holds", async () => {
    expect(await listed(["151", "49", "98765432"])).toEqual(["151", "49", "98765432"]);
    await storeTranscripts([{ id: "phone-1", createdAt: at(4, 40), turns: ["user: call me on [PHONE] about the parcel", "Noted"] }]);

    expect(await listed(["151", "49", "98765432", "phone"])).toEqual(["phone"]);
    await expectListOfStoredWords();
    expect(await total("98765432")).toBe(0);
    expect(await total("876543")).toBe(0);
    expect(await total("[phone]")).toBe(1);
    expect(await total("hon")).toBe(1);
    expect(await total("parcel")).toBe(3);

    // Stored again unchanged: nothing moves.
    await storeTranscripts([{ id: "phone-1", createdAt: at(4, 40), turns: ["user: call me on [PHONE] about the parcel", "Noted"] }]);
    expect(await listed(["phone", "parcel"])).toEqual(["parcel", "phone"]);
  });

  it("a word unlisted and stored again is listed and found again", async () => {
    await storeTranscripts([{ id: "mail-2", createdAt: at(5, 50), turns: ["user: it is alex12 again", "Noted"] }]);
    expect(await listed(["alex12"])).toEqual(["alex12"]);
    await expectListOfStoredWords();
    expect(await total("alex12")).toBe(1);
    expect(await total("lex1")).toBe(1);
  });

  it("the redaction job leaves no original value in the list", async () => {
    await storeTranscripts(
      Array.from({ length: 30 }, (_, i) => ({
        id: `redact-${i}`,
        createdAt: at(6, i),
        turns: [`user: reach me at pat.lee${i % 3}@example.net or +49 151 2345678${i % 10}`, "Thanks, noted"],
      })),
    );
    expect(await listed(["lee0", "23456780", "net"])).toEqual(["23456780", "lee0", "net"]);
    const started = await call(applyRoute.POST, "POST", "/api/admin/privacy/apply", { token: adminToken });
    expect(started.status).toBe(202);
    for (let calls = 0; calls < 20 && (await runJob(started.body.jobId, { budgetMs: 10_000 })).status === "running"; calls++);

    expect(await listed(["pat", "lee0", "lee1", "lee2", "net", "23456780", "23456789", "email", "phone"])).toEqual(["email", "phone"]);
    await expectListOfStoredWords();
    expect(await total("pat.lee")).toBe(0);
    expect(await total("[email]")).toBe(30);
    expect(await total("noted")).toBe(32);
  });

  it(`deleting ${MANY} transcripts at once unlists their own words and keeps the shared ones`, async () => {
    const many: TestTranscript[] = Array.from({ length: MANY }, (_, i) => ({
      id: `many-${i}`,
      createdAt: at(7 + (i % 3), i % 1440),
      turns: [`user: bulkword order w${i}x${(i * 7919) % 10007} please`, i % 2 === 0 ? "Your parcel ships" : "Sure"],
    }));
    await storeTranscripts(many);
    expect(await listed(["w0x0", `w${MANY - 1}x${((MANY - 1) * 7919) % 10007}`, "bulkword"])).toHaveLength(3);
    expect(await total("bulkword")).toBe(MANY);

    expect(await deleteTranscripts(many.map((transcript) => transcript.id))).toBe(MANY);

    expect(await listed(many.map((_, i) => `w${i}x${(i * 7919) % 10007}`))).toEqual([]);
    expect(await listed(["parcel", "order", "please"])).toEqual(testProvider() === "postgres" ? ["order", "parcel", "please"] : ["parcel"]);
    await expectListOfStoredWords();
    // PostgreSQL made the batch's common words dense: they stay listed, held by no text.
    if (testProvider() === "postgres") {
      const dense = await storeRead<{ word: string }>(
        sql`SELECT w."word" FROM "DenseWord" d JOIN "SearchWord" w ON w."id" = d."wordId" WHERE w."word" IN ('bulkword', 'order', 'please')`,
      );
      expect(dense.map((row) => row.word).sort()).toEqual(["bulkword", "order", "please"]);
    } else expect(await listed(["bulkword"])).toEqual([]);
    expect(await total("bulkword")).toBe(0);
    expect(await total("w12x")).toBe(0);
    expect(await total("parcel")).toBe(3);
    expect(await total("zq81734")).toBe(2);
  }, 120_000);
});
