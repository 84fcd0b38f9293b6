import "server-only";
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";

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

interface PendingRead {
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Reader {
  worker: Worker;
  pending: Map<number, PendingRead>;
}

export interface SqliteReaders {
  query(text: string, values: unknown[]): Promise<unknown[]>;
  close(): Promise<void>;
}

/** Two readers use both cores of a small machine; more only queue behind SQLite's own locks and the CPU. */
const READER_COUNT = Math.max(1, Math.min(2, availableParallelism()));

export function sqliteReaders(file: string, busyTimeoutMs: number): SqliteReaders {
  const readers: (Reader | undefined)[] = new Array(READER_COUNT).fill(undefined);
  let nextId = 1;
  let closed = false;

  const start = (slot: number): Reader => {
    const worker = new Worker(READER_SOURCE, { eval: true, workerData: { file, busyTimeoutMs } });
    const reader: Reader = { worker, pending: new Map() };
    // Idle readers must not keep a command or a test process alive; a read in flight keeps it referenced.
    worker.unref();
    worker.on("message", (reply: ReaderReply) => {
      const read = reader.pending.get(reply.id);
      if (!read) return;
      reader.pending.delete(reply.id);
      if (reader.pending.size === 0) worker.unref();
      if (reply.error) read.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      else read.resolve(reply.rows ?? []);
    });
    const fail = (error: Error) => {
      // A reader that died (out of memory, a fault in the driver) is replaced on the next read.
      if (readers[slot] === reader) readers[slot] = undefined;
      for (const read of reader.pending.values()) read.reject(error);
      reader.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The SQLite reader stopped (exit code ${code})`)));
    readers[slot] = reader;
    return reader;
  };

  /** The reader with the fewest reads queued, so that one slow read does not hold up the next. */
  const leastBusy = (): Reader => {
    let chosen: Reader | undefined;
    for (let slot = 0; slot < readers.length; slot++) {
      const reader = readers[slot] ?? start(slot);
      if (!chosen || reader.pending.size < chosen.pending.size) chosen = reader;
    }
    return chosen!;
  };

  return {
    query(text, values) {
      if (closed) return Promise.reject(new Error("The SQLite store is closed"));
      const reader = leastBusy();
      const id = nextId++;
      return new Promise((resolve, reject) => {
        reader.pending.set(id, { resolve, reject });
        if (reader.pending.size === 1) reader.worker.ref();
        reader.worker.postMessage({ id, text, values });
      });
    },
    async close() {
      closed = true;
      await Promise.all(readers.map((reader) => reader?.worker.terminate()));
    },
  };
}
