// Worker thread of `npm run seed`: generates transcripts and prepares them for storing.
import { workerData } from "node:worker_threads";
import { BatchSender } from "./batch-channel";
import { BatchPacker } from "./pack-sources";
import { generateTranscripts, type GeneratorOptions } from "./transcript-generator";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import { storableTranscript, type StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import type { TextsWords } from "@/lib/server/store/search-words";

/** A batch of generated transcripts with the words of their search texts. */
export interface SeedBatch {
  transcripts: StorableTranscript[];
  words: TextsWords;
}

const { options, batchSize } = workerData as { options: GeneratorOptions; batchSize: number };
const sender = new BatchSender<SeedBatch>();

async function run() {
  const packer = new BatchPacker();
  for (const raw of generateTranscripts(options, batchSize)) {
    for (const record of raw) {
      const result = normalizeTranscript(record);
      if (!result.ok) throw new Error(`generated transcript rejected: ${result.reason}`);
      packer.add(storableTranscript(result.record, JSON.stringify(record)));
    }
    const { transcripts, words, transfer } = packer.take();
    await sender.send({ transcripts, words }, transfer);
  }
  sender.done();
}

run().catch((error) => sender.failed(error));
