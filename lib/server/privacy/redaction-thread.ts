import "server-only";
import { Worker } from "node:worker_threads";
import { workerExecArgv } from "../worker-options";
import type { StoredSource } from "../store";
import type { RedactionReply, RedactionRequest, RedactionWorkerData } from "./redaction-worker";

/** A chunk redacted: the batch of changed transcripts when one is gathered, and the ids that cannot be read. */
export type RedactedChunk = Extract<RedactionReply, { ok: true }>;

/**
 * The redaction job's worker thread (redaction-worker.ts), which takes the redaction off the thread
 * that stores: one per step of the job, closed at its end. Requests are answered in order.
 */
export class RedactionThread {
  private readonly pending: { resolve: (answer: RedactedChunk) => void; reject: (error: Error) => void }[] = [];
  private failure: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (reply: RedactionReply) => {
      const request = this.pending.shift();
      if (reply.ok) request?.resolve(reply);
      else this.fail(new Error(`The redaction worker failed: ${reply.message}`));
    });
    worker.on("error", (error) => this.fail(error));
    worker.on("exit", (code) => this.fail(new Error(`The redaction worker stopped (exit code ${code})`)));
  }

  static async start(data: RedactionWorkerData): Promise<RedactionThread> {
    const worker = new Worker(new URL("./redaction-worker.ts", import.meta.url), { execArgv: workerExecArgv(), workerData: data });
    return new RedactionThread(worker);
  }

  /** Redacts `rows`; the answer holds a batch of changed transcripts when one is gathered, or when `takeBatch`. */
  redact(rows: StoredSource[], takeBatch = false): Promise<RedactedChunk> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.push({ resolve, reject });
      this.worker.postMessage({ rows, takeBatch } satisfies RedactionRequest);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error("The redaction worker was closed");
    await this.worker.terminate();
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const request of this.pending.splice(0)) request.reject(this.failure);
  }
}
