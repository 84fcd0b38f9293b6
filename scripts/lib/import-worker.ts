// Worker thread of `npm run import`: reads the export files, redacts personal data as the privacy
// settings say, keeping the keyed hashes of the e-mail addresses and phone numbers found (erasure by
// person), and prepares the transcripts for storing, reporting each record that cannot be read
// (file, position, id when known, reason).
import { workerData } from "node:worker_threads";
import { BatchSender } from "./batch-channel";
import { BatchPacker, type TextsWords } from "@/lib/server/store/for-workers";
import { readExportFile } from "./read-export-file";
import { readRecord } from "@/lib/transcripts/read-record";
import type { StorableTranscript } from "@/lib/transcripts/prepare-transcript";
import { deriveSignals, type TranscriptSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules } from "@/lib/insights/signal-rules";
import type { InsightSettings } from "@/lib/schemas/insights";
import { redactNotingPersons } from "@/lib/privacy/redact-records";
import { personKeysOf } from "@/lib/privacy/person-keys";
import { Redactor } from "@/lib/privacy/redactor";
import type { PrivacySettings } from "@/lib/schemas/privacy";

export interface FileRejection {
  file: string;
  index?: number;
  id?: string;
  reason: string;
}

export interface ImportBatch {
  transcripts: StorableTranscript[];
  /** The words of the transcripts' search texts. */
  words: TextsWords;
  /** The transcripts' signals, by the phrase lists the worker was given. */
  signals: TranscriptSignals[];
  rejected: FileRejection[];
  /** Bytes read so far over all files, for progress. */
  bytesRead: number;
}

const { files, batchSize, signalSettings, privacySettings, personKeySecret } = workerData as {
  files: string[];
  batchSize: number;
  signalSettings: InsightSettings;
  privacySettings: PrivacySettings;
  /** The secret of the person keys (null: none are kept). */
  personKeySecret: Uint8Array | null;
};
const signalRules = compileSignalRules(signalSettings);
const redactor = new Redactor(privacySettings);
const sender = new BatchSender<ImportBatch>();

async function run() {
  const packer = new BatchPacker();
  let rejected: FileRejection[] = [];
  let bytesBefore = 0;
  let bytesRead = 0;
  const flush = async () => {
    const { transcripts, words, signals, transfer } = packer.take();
    await sender.send({ transcripts, words, signals, rejected, bytesRead }, transfer);
    rejected = [];
  };
  for (const { path: file, size } of files.map((entry) => JSON.parse(entry) as { path: string; size: number })) {
    try {
      for await (const item of readExportFile(file, (bytes) => (bytesRead = bytesBefore + bytes))) {
        if (item.kind === "problem") {
          rejected.push({ file, index: item.index, reason: item.reason });
          continue;
        }
        const { source, personValues } = redactNotingPersons(item.record, redactor);
        const result = readRecord(source);
        if (result.ok) {
          result.transcript.origin = "import";
          if (personKeySecret && personValues.size > 0) result.transcript.personKeys = personKeysOf(personValues, personKeySecret);
          packer.add(result.transcript, deriveSignals(result.dialog, signalRules));
        } else rejected.push({ file, index: item.index, id: result.id, reason: result.reason });
        if (packer.size >= batchSize) await flush();
      }
    } catch (error) {
      rejected.push({ file, reason: `cannot be read: ${(error as Error).message}` });
    }
    bytesBefore += size;
    bytesRead = bytesBefore;
  }
  await flush();
  sender.done();
}

run().catch((error) => sender.failed(error));
