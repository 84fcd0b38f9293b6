// Every page of a search, from either end of the range, holds the matches the whole ordered list
// puts there: a page's walk starts in the day or hour that holds its first row, as found from the
// counts of the search's total (list-transcripts.ts, matches-over-time.ts). Runs on SQLite and PostgreSQL.
import * as listRoute from "@/app/api/transcripts/route";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { storeTranscripts, type TestTranscript } from "./transcripts-test-data";

// Whole days 2 to 19 of March; whole hours from 13:00 on the 1st and to 04:59 on the 20th; and the
// partial hours 12:30-12:59 on the 1st and 05:00-05:44 on the 20th.
const RANGE = { startTime: "2025-03-01T12:30:00.000Z", endTime: "2025-03-20T05:44:59.999Z" };

const at = (day: number, hour: number, minute: number) =>
  `2025-03-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00.000Z`;

// Matches spread unevenly: several on some days, none on others, in the partial hours, on the first
// and last millisecond of days, hours and the range, and some just outside the range.
const refund = (id: string, createdAt: string): TestTranscript => ({
  id,
  createdAt,
  turns: ["user: I want a refund", "Refunds take 5 days."],
});
const transcripts: TestTranscript[] = [
  refund("m-range-start", "2025-03-01T12:30:00.000Z"),
  refund("m-hour-end", "2025-03-01T13:59:59.999Z"),
  refund("m-day-end", "2025-03-01T23:59:59.999Z"),
  refund("m-day-start", "2025-03-02T00:00:00.000Z"),
  refund("m-day-7-end", "2025-03-07T23:59:59.999Z"),
  refund("m-range-end", "2025-03-20T05:44:59.999Z"),
  refund("m-after-end", "2025-03-20T05:45:00.000Z"),
];
const schedule: [day: number, hour: number, matches: number][] = [
  [1, 6, 2],
  [1, 12, 3],
  [1, 13, 1],
  [1, 23, 2],
  [2, 0, 4],
  [3, 9, 1],
  [7, 15, 6],
  [8, 8, 2],
  [12, 20, 5],
  [13, 1, 1],
  [19, 23, 3],
  [20, 0, 2],
  [20, 5, 3],
  [20, 6, 2],
];
for (const [day, hour, matches] of schedule) {
  for (let index = 0; index < matches; index++) {
    transcripts.push(refund(`m-${day}-${hour}-${index}`, at(day, hour, 31 + index * 4)));
    transcripts.push({
      id: `o-${day}-${hour}-${index}`,
      createdAt: at(day, hour, 33 + index * 4),
      turns: ["user: where is my parcel", "It ships today."],
    });
  }
}
const expected = transcripts
  .filter((t) => t.id.startsWith("m-") && t.createdAt >= RANGE.startTime && t.createdAt <= RANGE.endTime)
  .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  .map((t) => t.id);

let token: string;

beforeAll(async () => {
  token = (await signedInUser()).token;
  await storeTranscripts(transcripts);
});

async function page(limit: number, number: number) {
  const res = await call(listRoute.GET, "GET", "/api/transcripts", {
    token,
    query: { ...RANGE, search: "refund", limit: String(limit), page: String(number) },
  });
  expect(res.status).toBe(200);
  return res.body as { transcripts: { id: string }[]; total: number; totalPages: number };
}

describe("pages of a search", () => {
  it.each([1, 2, 3, 7, 100])("hold the matches of the whole ordered list, %i a page, counted or cached", async (limit) => {
    for (const pass of ["counted", "cached"]) {
      const first = await page(limit, 1);
      expect({ pass, total: first.total }).toEqual({ pass, total: expected.length });
      const seen: string[] = [];
      for (let number = 1; number <= first.totalPages; number++) seen.push(...(await page(limit, number)).transcripts.map((t) => t.id));
      expect({ pass, seen }).toEqual({ pass, seen: expected });
    }
  });
});
