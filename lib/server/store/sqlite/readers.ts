import "server-only";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { readTimeoutError } from "../read-budget";

// The store's reads of an SQLite file run on worker threads, each with its own connection.
// better-sqlite3 answers synchronously: on the server's own thread a busy minute of searches and
// rollups left new connections unaccepted and requests unread for tens of seconds. Here the
// server's thread only parses, authorises and answers, and reads wait their turn in a queue
// that serves them in order of arrival.

/**
 * Runs one statement per message and answers with its rows, or with the error's message and code.
 * Each statement is prepared afresh: tens of microseconds beside reads that take milliseconds.
 */
const READER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require("better-sqlite3");
const database = new Database(workerData.file, { timeout: workerData.busyTimeoutMs });
parentPort.on("message", ({ id, text, values }) => {
  try {
    const statement = database.prepare(text);
    const rows = statement.reader ? statement.all(values) : (statement.run(values), []);
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface ReaderReply {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

interface Read {
  id: number;
  scansTexts: boolean;
  text: string;
  values: unknown[];
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Reader {
  worker: Worker;
  /** Reads sent and not answered, oldest first: the first is running, the others wait their turn. */
  queue: Read[];
  /** Stops the running read once it has run for the budget. */
  budgetTimer?: NodeJS.Timeout;
}

export interface SqliteReaders {
  /** `scansTexts`: the read tests every text of a range (ReadOptions in database.ts). */
  query(text: string, values: unknown[], scansTexts: boolean): Promise<unknown[]>;
  close(): Promise<void>;
}

/** Two readers use both cores of a small machine; more only queue behind SQLite's own locks and the CPU. */
const READER_COUNT = Math.max(1, Math.min(2, availableParallelism()));
/** Counts a queued scan of texts as this many reads when placing a read that is not one. */
const SCAN_WEIGHT = 1000;

/**
 * Readers of the SQLite file. A read that runs for `budgetMs` (0: no budget) fails with
 * READ_TIMEOUT_CODE (read-budget.ts), and its reader is replaced: better-sqlite3 cannot interrupt a statement, so the
 * worker running it is terminated, and a fresh one takes over the reads queued behind it. The
 * statement's own thread stops only when SQLite hands control back to it (at the statement's end),
 * so it is the work of each statement that bounds its cost; the budget bounds the wait.
 */
export function sqliteReaders(file: string, busyTimeoutMs: number, budgetMs: number): SqliteReaders {
  const readers: (Reader | undefined)[] = new Array(READER_COUNT).fill(undefined);
  let nextId = 1;
  let closed = false;

  const start = (slot: number): Reader => {
    const worker = new Worker(READER_SOURCE, { eval: true, workerData: { file, busyTimeoutMs } });
    const reader: Reader = { worker, queue: [] };
    // Idle readers must not keep a command or a test process alive; a read in flight keeps it referenced.
    worker.unref();
    worker.on("message", (reply: ReaderReply) => {
      // A reader answers its reads in the order they were sent.
      if (reader.queue[0]?.id !== reply.id) return;
      const read = reader.queue.shift()!;
      watchBudget(slot, reader);
      if (reply.error) read.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else read.resolve(reply.rows ?? []);
    });
    const fail = (error: Error) => {
      // A reader that died (out of memory, a fault in the driver) is replaced on the next read.
      if (readers[slot] === reader) readers[slot] = undefined;
      clearTimeout(reader.budgetTimer);
      for (const read of reader.queue.splice(0)) read.reject(error);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The SQLite reader stopped (exit code ${code})`)));
    readers[slot] = reader;
    return reader;
  };

  const send = (slot: number, reader: Reader, read: Read) => {
    reader.queue.push(read);
    if (reader.queue.length === 1) watchBudget(slot, reader);
    reader.worker.postMessage({ id: read.id, text: read.text, values: read.values });
  };

  /** Times the read now running (the first queued), and keeps the worker referenced while any is queued. */
  const watchBudget = (slot: number, reader: Reader) => {
    clearTimeout(reader.budgetTimer);
    const running = reader.queue[0];
    if (!running) {
      reader.worker.unref();
      return;
    }
    reader.worker.ref();
    if (budgetMs > 0) reader.budgetTimer = setTimeout(() => stopOverrun(slot, reader, running), budgetMs).unref();
  };

  const stopOverrun = (slot: number, reader: Reader, running: Read) => {
    if (reader.queue[0] !== running) return;
    const [, ...waiting] = reader.queue.splice(0);
    if (readers[slot] === reader) readers[slot] = undefined;
    void reader.worker.terminate();
    console.warn(`An SQLite read ran past its time budget of ${budgetMs} ms and was stopped: ${running.text.replace(/\s+/g, " ").slice(0, 200)}`);
    running.reject(readTimeoutError(`The read ran past its time budget of ${budgetMs} ms`));
    if (waiting.length === 0 || closed) {
      for (const read of waiting) read.reject(new Error("The SQLite store is closed"));
      return;
    }
    const fresh = readers[slot] ?? start(slot);
    for (const read of waiting) send(slot, fresh, read);
  };

  /**
   * The reader with the fewest reads queued, so that one slow read does not hold up the next; a read
   * that does not scan texts goes behind a scan only when every reader has one queued.
   */
  const leastBusy = (scansTexts: boolean): { slot: number; reader: Reader } => {
    const load = (reader: Reader) => reader.queue.length + (!scansTexts && reader.queue.some((read) => read.scansTexts) ? SCAN_WEIGHT : 0);
    let chosen: { slot: number; reader: Reader } | undefined;
    for (let slot = 0; slot < readers.length; slot++) {
      const reader = readers[slot] ?? start(slot);
      if (!chosen || load(reader) < load(chosen.reader)) chosen = { slot, reader };
    }
    return chosen!;
  };

  return {
    query(text, values, scansTexts) {
      if (closed) return Promise.reject(new Error("The SQLite store is closed"));
      const { slot, reader } = leastBusy(scansTexts);
      const id = nextId++;
      return new Promise((resolve, reject) => send(slot, reader, { id, scansTexts, text, values, resolve, reject }));
    },
    async close() {
      closed = true;
      for (const reader of readers) clearTimeout(reader?.budgetTimer);
      await Promise.all(readers.map((reader) => reader?.worker.terminate()));
    },
  };
}
