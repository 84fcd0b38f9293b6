// Worker thread of `npm run seed`: generates transcripts and prepares them for storing.
import { workerData } from "node:worker_threads";
import { BatchSender } from "./batch-channel";
import { packBatch } from "./pack-sources";
import { generateTranscripts, type GeneratorOptions } from "./transcript-generator";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import { storableTranscript, type StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import type { TextsWords } from "@/lib/transcripts/search-words";

/** A batch of generated transcripts with the words of their search texts. */
export interface SeedBatch {
  transcripts: StorableTranscript[];
  words: TextsWords;
}

const { options, batchSize } = workerData as { options: GeneratorOptions; batchSize: number };
const sender = new BatchSender<SeedBatch>();

async function run() {
  for (const raw of generateTranscripts(options, batchSize)) {
    const transcripts = raw.map((record) => {
      const result = normalizeTranscript(record);
      if (!result.ok) throw new Error(`generated transcript rejected: ${result.reason}`);
      return storableTranscript(result.record, JSON.stringify(record));
    });
    const { words, transfer } = packBatch(transcripts);
    await sender.send({ transcripts, words }, transfer);
  }
  sender.done();
}

run().catch((error) => sender.failed(error));
