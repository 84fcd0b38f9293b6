/** @jest-environment node */
// A batch's sources move to the storing thread in one transferred buffer, unchanged.
import { BatchPacker } from "@/lib/server/store/packed-batch";
import { wordsOfTexts } from "@/lib/server/store/search-words";
import { readRecord } from "@/lib/transcripts/read-record";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import type { TranscriptSignals } from "@/lib/insights/derive-signals";

const NO_SIGNALS: TranscriptSignals = {
  fallback: false,
  handoff: false,
  unanswered: false,
  repeated: false,
  questionGroup: null,
  questionExample: null,
};

function transcript(id: string, source: string | Uint8Array, searchText = ""): StorableTranscript {
  const read = readRecord({ raw: { _id: id, sessionID: "s", createdAt: "2025-01-01T00:00:00Z", dialog: [] } });
  if (!read.ok) throw new Error(read.reason);
  return { ...read.transcript, sourceJson: source, searchText };
}

const text = (source: string | Uint8Array) => (typeof source === "string" ? source : Buffer.from(source).toString("utf8"));

describe("BatchPacker", () => {
  it("moves text and byte sources into one buffer that a message transfers, each one unchanged", () => {
    const chunk = Buffer.from('xx{"a": "日本語 😀"}yy');
    const sources = ['{"b": "plain"}', chunk.subarray(2, chunk.length - 2), '{"c": "é ü"}', "", '{"d": "\\ud800"}'];
    const expected = sources.map(text);
    const packer = new BatchPacker();
    for (const [index, source] of sources.entries()) packer.add(transcript(`t${index}`, source), NO_SIGNALS);
    expect(packer.size).toBe(5);

    const { transcripts, transfer } = packer.take();
    const [packed] = transfer;
    for (const item of transcripts) expect((item.sourceJson as Uint8Array).buffer).toBe(packed);
    const received = structuredClone(transcripts, { transfer });
    expect(packed.byteLength).toBe(0); // moved, not copied
    expect(received.map((item) => text(item.sourceJson))).toEqual(expected);
    expect(received.map((item) => item.id)).toEqual(["t0", "t1", "t2", "t3", "t4"]);
  });

  it("gives the batch's words and moves the words' arrays in the same message", () => {
    const packer = new BatchPacker();
    packer.add(transcript("w0", '{"a": 1}', "order shipped"), NO_SIGNALS);
    packer.add(transcript("w1", '{"b": 2}', "shipped again"), { ...NO_SIGNALS, fallback: true, questionGroup: "where is my order <id>" });

    const { transcripts, words, signals, transfer } = packer.take();
    expect(words).toEqual(wordsOfTexts(["order shipped", "shipped again"]));
    expect(signals.map((one) => one.fallback)).toEqual([false, true]);
    const received = structuredClone({ transcripts, words }, { transfer });
    expect(transfer.map((buffer) => buffer.byteLength)).toEqual([0, 0, 0]); // moved, not copied
    expect(received.words.words).toEqual(["order", "shipped", "again"]);
    expect([...received.words.positions]).toEqual([0, 1, 1, 2]);
    expect(received.transcripts.map((item) => text(item.sourceJson))).toEqual(['{"a": 1}', '{"b": 2}']);
  });

  it("grows its buffer for large batches and starts the next batch empty", () => {
    const packer = new BatchPacker();
    const large = Array.from({ length: 600 }, (_, index) => `{"n": ${index}, "text": "${"ü".repeat(1500)}"}`);
    for (const [index, source] of large.entries()) packer.add(transcript(`g${index}`, source), NO_SIGNALS);
    const first = packer.take();
    expect(first.transcripts.map((item) => text(item.sourceJson))).toEqual(large);

    packer.add(transcript("next", '{"next": true}'), NO_SIGNALS);
    const second = packer.take();
    expect(packer.size).toBe(0);
    expect(second.transcripts.map((item) => [item.id, text(item.sourceJson)])).toEqual([["next", '{"next": true}']]);
    // The first batch's views still read its own buffer.
    expect(text(first.transcripts[599].sourceJson)).toBe(large[599]);
  });

  it("takes an empty batch", () => {
    const { transcripts, words } = new BatchPacker().take();
    expect(transcripts).toEqual([]);
    expect(words.words).toEqual([]);
  });
});
