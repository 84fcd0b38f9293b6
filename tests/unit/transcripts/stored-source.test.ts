/** @jest-environment node */
// A transcript is stored as received and its dialog normalised again on reading: every fixture
// shape, read the way the import reads it, must come back as the dialog it was normalised to.
import { readdirSync } from "node:fs";
import path from "node:path";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import { readRecord } from "@/lib/transcripts/read-record";
import { storedDialog } from "@/lib/transcripts/stored-source";
import { readExportFile } from "@/scripts/lib/read-export-file";
import type { SourceRecord } from "@/lib/transcripts/extract-records";
import { FIXTURES } from "./fixtures";

async function recordsOf(file: string): Promise<SourceRecord[]> {
  const records: SourceRecord[] = [];
  for await (const item of readExportFile(path.join(FIXTURES, "valid", file), () => undefined))
    if (item.kind === "record") records.push(item.record);
  return records;
}

/** What the database stores for a source given as text or as its UTF-8 bytes. */
const storedText = (source: string | Uint8Array) => (typeof source === "string" ? source : Buffer.from(source).toString("utf8"));

describe("storedDialog", () => {
  it.each(readdirSync(path.join(FIXTURES, "valid")))("reads back the normalised dialog of every transcript of %s", async (file) => {
    const records = await recordsOf(file);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      const normalised = normalizeTranscript(record.raw, record.fallback);
      const read = readRecord(record);
      if (!normalised.ok || !read.ok) continue; // a fixture's deliberately rejected records
      expect(storedDialog(storedText(read.transcript.sourceJson), read.transcript)).toEqual(normalised.record.dialog);
    }
  });

  it("stores an export array's element and a JSON Lines line as their own text", async () => {
    const [element] = await recordsOf("launch-shapes-and-reused-session.json");
    const [line] = await recordsOf("lines-export.jsonl");
    for (const record of [element, line]) {
      expect(record.text).toBeDefined();
      const read = readRecord(record);
      expect(read.ok && storedText(read.transcript.sourceJson)).toBe(record.text);
    }
  });

  it("serialises a record without text of its own (ingest API, seed)", () => {
    const raw = {
      _id: "s1",
      sessionID: "s",
      createdAt: "2025-01-01T00:00:00Z",
      dialog: [{ type: "request", payload: { payload: { query: "hi" } } }],
    };
    const read = readRecord({ raw });
    expect(read.ok && JSON.parse(storedText(read.transcript.sourceJson))).toEqual(raw);
  });

  it("gives a bare dialog its row's identity", () => {
    const entries = [{ type: "text", format: "trace", startTime: "2025-01-01T00:00:05Z", payload: { payload: { message: "hello" } } }];
    const dialog = storedDialog(JSON.stringify({ dialog: entries }), { id: "row-id", sessionId: "row-session" });
    expect(dialog).toEqual([expect.objectContaining({ type: "text", timestamp: "2025-01-01T00:00:05.000Z" })]);
  });
});
