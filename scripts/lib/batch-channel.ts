// Batches flow from a worker thread (which reads and prepares transcripts) to the main thread
// (which stores them), at most WINDOW batches ahead, so preparing and storing overlap on two
// cores without the worker racing ahead and filling memory.
import { parentPort, type Worker } from "node:worker_threads";

const WINDOW = 2;

type ToMain<T> = { kind: "batch"; batch: T } | { kind: "done" } | { kind: "failed"; message: string };

/** Worker side. */
export class BatchSender<T> {
  private credit = WINDOW;
  private waiting: (() => void) | null = null;

  constructor() {
    parentPort!.on("message", () => {
      this.credit += 1;
      this.waiting?.();
      this.waiting = null;
    });
  }

  /** `transfer`: buffers of the batch that move to the main thread instead of being copied. */
  async send(batch: T, transfer: ArrayBuffer[] = []): Promise<void> {
    while (this.credit === 0) await new Promise<void>((resolve) => (this.waiting = resolve));
    this.credit -= 1;
    parentPort!.postMessage({ kind: "batch", batch } satisfies ToMain<T>, transfer);
  }

  done(): void {
    parentPort!.postMessage({ kind: "done" } satisfies ToMain<T>);
  }

  failed(error: unknown): void {
    parentPort!.postMessage({
      kind: "failed",
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies ToMain<T>);
  }
}

/** Main side: yields the worker's batches in order; each one consumed makes room for the next. */
export async function* receiveBatches<T>(worker: Worker): AsyncGenerator<T> {
  const queue: ToMain<T>[] = [];
  let wake: (() => void) | null = null;
  const push = (message: ToMain<T>) => {
    queue.push(message);
    wake?.();
    wake = null;
  };
  worker.on("message", push);
  worker.on("error", (error) => push({ kind: "failed", message: error.stack ?? error.message }));
  worker.on("exit", (code) => push(code === 0 ? { kind: "done" } : { kind: "failed", message: `worker exited with code ${code}` }));
  try {
    for (;;) {
      while (queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      const message = queue.shift()!;
      if (message.kind === "done") return;
      if (message.kind === "failed") throw new Error(message.message);
      yield message.batch;
      worker.postMessage("more");
    }
  } finally {
    await worker.terminate();
  }
}
