// Worker thread of the redaction job (apply-redaction.ts): redacts the stored records it is sent by
// the settings it was started with, and prepares those that changed for storing again, read from
// their redacted records, with their signals and the keyed hashes of the e-mail addresses and phone
// numbers the redaction replaced (erasure by person), packed for the storing thread (packed-batch.ts).
// Nothing here touches a database. Each request is answered by one message, in order.
import { parentPort, workerData } from "node:worker_threads";
import { BatchPacker, type PackedBatch, type StoredSource } from "../store/for-workers";
import { deriveSignals } from "@/lib/insights/derive-signals";
import { compileSignalRules } from "@/lib/insights/signal-rules";
import { Redactor, type RedactionSettings } from "@/lib/privacy/redactor";
import { addPersonValuesOfSpan } from "@/lib/privacy/person-values";
import { personKeysOf } from "@/lib/privacy/person-keys";
import type { InsightSettings } from "@/lib/schemas/insights";
import { readRecord } from "@/lib/transcripts/read-record";

export interface RedactionWorkerData {
  redaction: RedactionSettings;
  /** The secret of the person keys (null: none are kept). */
  personKeySecret: Uint8Array | null;
  signals: InsightSettings;
  /** Changed transcripts gathered before a batch is answered. */
  batchSize: number;
}

export interface RedactionRequest {
  rows: StoredSource[];
  /** Answer the changed transcripts gathered so far, however few. */
  takeBatch: boolean;
}

export type RedactionReply =
  | {
      ok: true;
      /** The changed transcripts gathered, once there are a batch's worth (or when asked for). */
      batch: Omit<PackedBatch, "transfer"> | null;
      /** Ids of the request's transcripts whose redacted record cannot be read; they are left as they are. */
      unreadableIds: string[];
    }
  | { ok: false; message: string };

const { redaction, personKeySecret, signals, batchSize } = workerData as RedactionWorkerData;
const redactor = new Redactor(redaction);
const signalRules = compileSignalRules(signals);
const packer = new BatchPacker();
const port = parentPort!;

function redact({ rows, takeBatch }: RedactionRequest): { reply: RedactionReply; transfer: ArrayBuffer[] } {
  const unreadableIds: string[] = [];
  for (const row of rows) {
    const personValues = new Set<string>();
    const { text, record, changed } = redactor.redactJsonText(row.source, (found, span) =>
      addPersonValuesOfSpan(found, span, personValues),
    );
    if (!changed) continue;
    const result = record === undefined ? null : readRecord({ raw: record, text, fallback: { id: row.id, sessionId: row.sessionId } });
    if (result?.ok && result.transcript.id === row.id) {
      if (personKeySecret && personValues.size > 0) result.transcript.personKeys = personKeysOf(personValues, personKeySecret);
      packer.add(result.transcript, deriveSignals(result.dialog, signalRules));
    } else unreadableIds.push(row.id);
  }
  if (!(takeBatch || packer.size >= batchSize)) return { reply: { ok: true, batch: null, unreadableIds }, transfer: [] };
  const { transfer, ...batch } = packer.take();
  return { reply: { ok: true, batch, unreadableIds }, transfer };
}

port.on("message", (request: RedactionRequest) => {
  let answer: { reply: RedactionReply; transfer: ArrayBuffer[] };
  try {
    answer = redact(request);
  } catch (error) {
    answer = { reply: { ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) }, transfer: [] };
  }
  port.postMessage(answer.reply, answer.transfer);
});
