// The import and seed workers hand their batches to the storing thread with every transcript's
// source moved into one buffer, which the message transfers without a copy. Sources sent as strings
// cost the storing thread their copying and garbage collection (the 50,000-transcript benchmark file
// holds 150 MB of them): with them packed, that thread's CPU time fell by about a fifth and the
// import ran 12-22 % faster on both databases (alternating runs).
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import { wordsOfTexts, type TextsWords } from "@/lib/transcripts/search-words";

/** A batch ready for its message: the buffers it moves are its packed sources and the words' arrays. */
export interface PackedBatch {
  transcripts: StorableTranscript[];
  /** The words of the transcripts' search texts, which the storing thread then only looks up. */
  words: TextsWords;
  transfer: ArrayBuffer[];
}

const MIN_CAPACITY = 1024 * 1024;
const NOT_PACKED = new Uint8Array(0);

/**
 * Gathers a batch, writing each transcript's source into the batch's buffer as the transcript is
 * added: the source's text is then garbage while V8 still holds it in its young generation. Held
 * until the batch was sent, the texts of thousands of transcripts were copied into the old
 * generation and collected there: packing them as they come took the import's page faults down by
 * about a seventh, and SQLite's import from 7,689-7,920/s to 8,360-8,811/s (alternating runs;
 * PostgreSQL's, bound by the server's work, alike).
 */
export class BatchPacker {
  private transcripts: StorableTranscript[] = [];
  private ends: number[] = [];
  private bytes = Buffer.from(new ArrayBuffer(MIN_CAPACITY));
  private length = 0;

  get size(): number {
    return this.transcripts.length;
  }

  add(transcript: StorableTranscript): void {
    const source = transcript.sourceJson;
    // A UTF-8 character takes at most three bytes per UTF-16 unit.
    this.reserve(typeof source === "string" ? source.length * 3 : source.byteLength);
    this.length += typeof source === "string" ? this.bytes.write(source, this.length) : (this.bytes.set(source, this.length), source.byteLength);
    this.ends.push(this.length);
    transcript.sourceJson = NOT_PACKED;
    this.transcripts.push(transcript);
  }

  /** The batch gathered, each source now a view of the packed buffer; the packer starts the next. */
  take(): PackedBatch {
    const { transcripts, ends } = this;
    const packed = this.bytes.buffer as ArrayBuffer;
    transcripts.forEach((transcript, index) => {
      const start = index === 0 ? 0 : ends[index - 1];
      transcript.sourceJson = new Uint8Array(packed, start, ends[index] - start);
    });
    const words = wordsOfTexts(transcripts.map((transcript) => transcript.searchText));
    // The next batch starts with room for one like this.
    this.bytes = Buffer.from(new ArrayBuffer(Math.max(this.length, MIN_CAPACITY)));
    this.length = 0;
    this.transcripts = [];
    this.ends = [];
    return { transcripts, words, transfer: [packed, words.starts.buffer, words.positions.buffer] };
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.bytes.length) return;
    const grown = Buffer.from(new ArrayBuffer(Math.max(this.bytes.length * 2, this.length + bytes)));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }
}
