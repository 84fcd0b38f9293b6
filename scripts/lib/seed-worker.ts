// Worker thread of `npm run seed`: generates transcripts and prepares them for storing.
import { workerData } from "node:worker_threads";
import { BatchSender } from "./batch-channel";
import { BatchPacker, type TextsWords } from "@/lib/server/store/for-workers";
import { generateTranscripts, type GeneratorOptions } from "./transcript-generator";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import { storableTranscript, type StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import { deriveSignals, type TranscriptSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules } from "@/lib/insights/signal-rules";
import type { InsightSettings } from "@/lib/schemas/insights";

/** A batch of generated transcripts with the words of their search texts and their signals. */
export interface SeedBatch {
  transcripts: StorableTranscript[];
  words: TextsWords;
  signals: TranscriptSignals[];
}

const { options, batchSize, signalSettings } = workerData as {
  options: GeneratorOptions;
  batchSize: number;
  signalSettings: InsightSettings;
};
const signalRules = compileSignalRules(signalSettings);
const sender = new BatchSender<SeedBatch>();

async function run() {
  const packer = new BatchPacker();
  for (const raw of generateTranscripts(options, batchSize)) {
    for (const record of raw) {
      const result = normalizeTranscript(record);
      if (!result.ok) throw new Error(`generated transcript rejected: ${result.reason}`);
      packer.add(storableTranscript(result.record, JSON.stringify(record)), deriveSignals(result.record.dialog, signalRules));
    }
    const { transcripts, words, signals, transfer } = packer.take();
    await sender.send({ transcripts, words, signals }, transfer);
  }
  sender.done();
}

run().catch((error) => sender.failed(error));
