// Worker thread of `npm run seed`: generates transcripts and prepares them for storing.
import { workerData } from "node:worker_threads";
import { BatchSender } from "./batch-channel";
import { packSources } from "./pack-sources";
import { generateTranscripts, type GeneratorOptions } from "./transcript-generator";
import { normalizeTranscript } from "@/lib/transcripts/normalize-transcript";
import { storableTranscript, type StorableTranscript } from "@/lib/transcripts/prepare-transcript";

const { options, batchSize } = workerData as { options: GeneratorOptions; batchSize: number };
const sender = new BatchSender<StorableTranscript[]>();

async function run() {
  for (const raw of generateTranscripts(options, batchSize)) {
    const batch = raw.map((record) => {
      const result = normalizeTranscript(record);
      if (!result.ok) throw new Error(`generated transcript rejected: ${result.reason}`);
      return storableTranscript(result.record, JSON.stringify(record));
    });
    await sender.send(batch, [packSources(batch)]);
  }
  sender.done();
}

run().catch((error) => sender.failed(error));
