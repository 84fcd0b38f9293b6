// Worker threads that prepare transcripts (the import and seed commands' workers, the redaction
// job's) hand their batches to the storing thread with every transcript's source moved into one
// buffer, which the message transfers without a copy: sources sent as strings cost the storing
// thread their copying and garbage collection, and that thread's CPU bounds the work
// (lib/server/store/DESIGN.md has the figures).
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import type { TranscriptSignals } from "@/lib/insights/derive-signals";
import { GrowingBytes } from "./growing-bytes";
import { wordsOfTexts, type TextsWords } from "./search-words";

/** A batch ready for its message: the buffers it moves are its packed sources and the words' arrays. */
export interface PackedBatch {
  transcripts: StorableTranscript[];
  /** The words of the transcripts' search texts, which the storing thread then only looks up. */
  words: TextsWords;
  /** Each transcript's signals, derived here so that the storing thread need not read its source again. */
  signals: TranscriptSignals[];
  transfer: ArrayBuffer[];
}

const MIN_CAPACITY = 1024 * 1024;
const NOT_PACKED = new Uint8Array(0);

/**
 * Gathers a batch, writing each transcript's source into the batch's buffer as the transcript is
 * added: the source's text is then garbage while V8 still holds it in its young generation, rather
 * than copied into the old generation with the thousands of others held until the batch is sent.
 */
export class BatchPacker {
  private transcripts: StorableTranscript[] = [];
  private signals: TranscriptSignals[] = [];
  private ends: number[] = [];
  private bytes = new GrowingBytes(MIN_CAPACITY);

  get size(): number {
    return this.transcripts.length;
  }

  add(transcript: StorableTranscript, signals: TranscriptSignals): void {
    this.bytes.write(transcript.sourceJson);
    this.ends.push(this.bytes.length);
    transcript.sourceJson = NOT_PACKED;
    this.transcripts.push(transcript);
    this.signals.push(signals);
  }

  /** The batch gathered, each source now a view of the packed buffer; the packer starts the next. */
  take(): PackedBatch {
    const { transcripts, signals, ends } = this;
    const packed = this.bytes.buffer.buffer as ArrayBuffer;
    transcripts.forEach((transcript, index) => {
      const start = index === 0 ? 0 : ends[index - 1];
      transcript.sourceJson = new Uint8Array(packed, start, ends[index] - start);
    });
    const words = wordsOfTexts(transcripts.map((transcript) => transcript.searchText));
    // The next batch starts with room for one like this.
    this.bytes = new GrowingBytes(Math.max(this.bytes.length, MIN_CAPACITY));
    this.transcripts = [];
    this.signals = [];
    this.ends = [];
    return { transcripts, words, signals, transfer: [packed, words.starts.buffer, words.positions.buffer] };
  }
}
