/** @jest-environment node */
import { extractRecords, NO_TRANSCRIPTS_REASON } from "@/lib/transcripts/extract-records";

const transcript = { _id: "a1", sessionID: "s", dialog: [] };
const entry = { turnID: "t", type: "text", format: "trace", payload: { payload: { message: "hi" } }, startTime: "2025-01-01T00:00:00Z" };

describe("extractRecords", () => {
  it.each([
    ["one transcript", transcript, 1],
    ["an array of transcripts", [transcript, transcript], 2],
    ["an empty array", [], 0],
    ["an object holding transcripts", { transcripts: [transcript], total: 1 }, 1],
    ["transcripts under data", { data: [transcript, transcript, transcript] }, 3],
    ["transcripts under items", { items: [transcript] }, 1],
    ["a newer transcript with only an id", { id: "n1", logs: [] }, 1],
    ["a list item saved beside its dialog", { transcript: { _id: "a1", sessionID: "s" }, dialog: [entry] }, 1],
  ])("finds %s", (_case, value, count) => {
    const extraction = extractRecords(value);
    expect(extraction.ok && extraction.records.length).toBe(count);
  });

  it("reads a bare dialog as one transcript named after its file", () => {
    const extraction = extractRecords([entry, entry], "exports/65e7a1f0c2b3d4e5f6a7b8aa.json");
    expect(extraction).toEqual({
      ok: true,
      records: [{ raw: { dialog: [entry, entry] }, fallback: { id: "65e7a1f0c2b3d4e5f6a7b8aa", sessionId: "65e7a1f0c2b3d4e5f6a7b8aa" } }],
    });
  });

  it("names a bare dialog by its content when the file name is not an id", () => {
    const first = extractRecords([entry], "my export (1).json");
    const again = extractRecords([entry], "another name.json");
    expect(first.ok && first.records[0].fallback?.id).toMatch(/^[0-9a-f]{24}$/);
    expect(first).toEqual(again);
  });

  it.each([
    ["a string", "x"],
    ["a number", 3],
    ["null", null],
    ["an unrelated object", { hello: "world" }],
  ])("finds nothing in %s", (_case, value) => {
    expect(extractRecords(value)).toEqual({ ok: false, reason: NO_TRANSCRIPTS_REASON });
  });
});
