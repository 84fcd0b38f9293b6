/** @jest-environment node */
// A batch's sources move to the storing thread in one transferred buffer, unchanged.
import { packBatch, packSources } from "@/scripts/lib/pack-sources";
import { wordsOfTexts } from "@/lib/transcripts/search-words";
import { readRecord } from "@/lib/transcripts/read-record";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";

function transcript(id: string, source: string | Uint8Array): StorableTranscript {
  const read = readRecord({ raw: { _id: id, sessionID: "s", createdAt: "2025-01-01T00:00:00Z", dialog: [] } });
  if (!read.ok) throw new Error(read.reason);
  return { ...read.transcript, sourceJson: source };
}

const text = (source: string | Uint8Array) => (typeof source === "string" ? source : Buffer.from(source).toString("utf8"));

describe("packSources", () => {
  it("moves text and byte sources into one buffer that a message transfers, each one unchanged", () => {
    const chunk = Buffer.from('xx{"a": "日本語 😀"}yy');
    const sources = ['{"b": "plain"}', chunk.subarray(2, chunk.length - 2), '{"c": "é ü"}', "", '{"d": "\\ud800"}'];
    const expected = sources.map(text);
    const batch = sources.map((source, i) => transcript(`t${i}`, source));

    const packed = packSources(batch);
    expect(packed.byteLength).toBe(expected.reduce((sum, source) => sum + Buffer.byteLength(source), 0));
    for (const item of batch) expect((item.sourceJson as Uint8Array).buffer).toBe(packed);

    const received = structuredClone(batch, { transfer: [packed] });
    expect(packed.byteLength).toBe(0); // moved, not copied
    expect(received.map((item) => text(item.sourceJson))).toEqual(expected);
  });

  it("returns an empty buffer for an empty batch", () => {
    expect(packSources([]).byteLength).toBe(0);
  });
});

describe("packBatch", () => {
  it("gives the batch's words and moves its sources and the words' arrays in one message", () => {
    const batch = ['{"a": 1}', '{"b": 2}'].map((source, i) => transcript(`w${i}`, source));
    batch[0].searchText = "order shipped";
    batch[1].searchText = "shipped again";

    const { words, transfer } = packBatch(batch);
    expect(words).toEqual(wordsOfTexts(["order shipped", "shipped again"]));
    const received = structuredClone({ batch, words }, { transfer });
    expect(transfer.map((buffer) => buffer.byteLength)).toEqual([0, 0, 0]); // moved, not copied
    expect(received.words.words).toEqual(["order", "shipped", "again"]);
    expect([...received.words.positions]).toEqual([0, 1, 1, 2]);
    expect(received.batch.map((item) => text(item.sourceJson))).toEqual(['{"a": 1}', '{"b": 2}']);
  });
});
