// A fragment found in many long words (pasted blobs, tokens) must still find every text holding
// it, whether the word index can use those words or leaves the texts to be tested.
import * as listRoute from "@/app/api/transcripts/route";
import { matchWords as matchPostgresWords } from "@/lib/server/store/postgres/word-index";
import { matchWords as matchSqliteWords } from "@/lib/server/store/sqlite/word-index";
import { storeRead } from "@/lib/server/store/active-database";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { itOn } from "../helpers/database-provider";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

const RANGE = { startTime: "2025-05-01T00:00:00.000Z", endTime: "2025-05-31T23:59:59.999Z" };
const BLOBS = 700;

/** A distinct 160-character word holding "qqq" in its middle. */
const blob = (index: number) => `${String(index).padStart(4, "0")}${"x".repeat(76)}qqq${"y".repeat(77)}`;

const transcripts: TestTranscript[] = Array.from({ length: BLOBS }, (_, index) => ({
  id: `blob-${index}`,
  createdAt: new Date(Date.UTC(2025, 4, 1 + (index % 30), 10, 0, index % 60)).toISOString(),
  turns: ["user: here is my token", `token ${blob(index)} end`],
}));

let token: string;

beforeAll(async () => {
  token = (await signedInUser()).token;
  await storeTranscripts([...transcripts, { id: "plain", createdAt: "2025-05-02T09:00:00.000Z", turns: ["user: hello", "No blob here."] }]);
});

describe("a fragment of many long words", () => {
  itOn("sqlite")("is left to the test of the text on SQLite rather than made into an enormous full-text query", async () => {
    expect(blob(1)).toHaveLength(160);
    expect(await matchSqliteWords("qqq", storeRead)).toBeNull();
    // A rarer fragment still goes through the index.
    expect(await matchSqliteWords("0007xx", storeRead)).toMatchObject({ exact: true });
  });

  itOn("postgres")("marks the texts holding words too long to list on PostgreSQL, which are tested", async () => {
    expect(await matchPostgresWords("qqq", storeRead)).toMatchObject({ exact: true });
  });

  it.each([
    ["qqq", BLOBS],
    ["0007xx", 1],
    ["xqqqy", BLOBS],
    ["token 0012", 1],
    ["blob", 1],
  ])("finds every text holding %p", async (search, expected) => {
    const res = await call(listRoute.GET, "GET", "/api/transcripts", { token, query: { ...RANGE, search, limit: "100" } });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(expected);
    expect(res.body.transcripts).toHaveLength(Math.min(expected, 100));
  });
});
