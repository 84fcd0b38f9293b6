import "server-only";
import { availableParallelism } from "node:os";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { READ_TIMEOUT_CODE, readBudgetMs, readTimeoutError } from "../read-budget";
import { workerExecArgv } from "../../worker-options";
import type { ReaderReply, ReaderRequest, ReaderWorkerData } from "./reader-worker";

// The store's reads of an SQLite file run on worker threads, each with its own connection.
// better-sqlite3 answers synchronously: on the server's own thread every read would hold up every
// other request, new connections included. Here the server's thread only parses, authorises and
// answers, and reads wait their turn in a queue that serves them in order of arrival. Each reader
// runs reader-worker.ts.

interface Read {
  id: number;
  scansTexts: boolean;
  /** Its time budget in ms (0: none). */
  budgetMs: number;
  /** Its caller was answered with a timeout; its reader is still on it until SQLite stops it. */
  isAbandoned?: boolean;
  text: string;
  values: unknown[];
  resolve(rows: unknown[]): void;
  reject(error: Error): void;
}

interface Reader {
  worker: Worker;
  /** The channel of its reads and answers; the answers that arrived can be taken from it at once. */
  port: MessagePort;
  /** Reads sent and not answered, oldest first: the first is running, the others wait their turn. */
  queue: Read[];
  /** Fails the running read at its budget, and replaces the reader LAST_RESORT_MS later if it is still on it. */
  budgetTimer?: NodeJS.Timeout;
}

/** The start of a read's statement, for the log. */
function describe(read: Read): string {
  return read.text.replace(/\s+/g, " ").slice(0, 200);
}

/** Fails a read that ran past its budget, and logs it. */
function stopped(read: Read): void {
  console.warn(`An SQLite read ran past its time budget of ${read.budgetMs} ms and was stopped: ${describe(read)}`);
  read.reject(readTimeoutError(`The read ran past its time budget of ${read.budgetMs} ms`));
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
 * A read still running this long past its budget never reached within_budget() (a statement
 * without it, or one stuck before its first row): its worker is terminated and a fresh one takes
 * over the reads queued behind it. The terminated thread stops only when SQLite hands control back.
 */
const LAST_RESORT_MS = 250;

/**
 * Readers of the SQLite file. A read that runs for its budget (readBudgetMs) fails with
 * READ_TIMEOUT_CODE (read-budget.ts) at once, while SQLite stops the statement itself at its next
 * within_budget() call and the reader goes on with the next read. Each connection runs `pragma` as it
 * opens, as every connection to the file does (connection.ts).
 */
export function sqliteReaders(file: string, busyTimeoutMs: number, pragma: string): SqliteReaders {
  const readers: (Reader | undefined)[] = new Array(READER_COUNT).fill(undefined);
  let nextId = 1;
  let closed = false;

  const start = (slot: number): Reader => {
    const { port1: port, port2: workerPort } = new MessageChannel();
    const worker = new Worker(new URL("./reader-worker.ts", import.meta.url), {
      execArgv: workerExecArgv(),
      workerData: { file, busyTimeoutMs, pragma, timeoutCode: READ_TIMEOUT_CODE, port: workerPort } satisfies ReaderWorkerData,
      transferList: [workerPort],
    });
    const reader: Reader = { worker, port, queue: [] };
    // Idle readers must not keep a command or a test process alive; a read in flight keeps it referenced.
    worker.unref();
    port.on("message", (reply: ReaderReply) => answer(slot, reader, reply));
    port.unref();
    const fail = (error: Error) => {
      // A reader that died (out of memory, a fault in the driver) is replaced on the next read.
      if (readers[slot] === reader) readers[slot] = undefined;
      clearTimeout(reader.budgetTimer);
      reader.port.close();
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
    reader.port.postMessage({ id: read.id, text: read.text, values: read.values, budgetMs: read.budgetMs } satisfies ReaderRequest);
  };

  const answer = (slot: number, reader: Reader, reply: ReaderReply) => {
    // A reader answers its reads in the order they were sent.
    if (reader.queue[0]?.id !== reply.id) return;
    const read = reader.queue.shift()!;
    watchBudget(slot, reader);
    // An abandoned read's caller has had its answer; its rows or its interruption come too late.
    if (read.isAbandoned) return;
    if (reply.error?.code === READ_TIMEOUT_CODE) stopped(read);
    else if (reply.error) read.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else read.resolve(reply.rows ?? []);
  };

  /** Times the read now running (the first queued), and keeps the worker referenced while any is queued. */
  const watchBudget = (slot: number, reader: Reader) => {
    clearTimeout(reader.budgetTimer);
    const running = reader.queue[0];
    if (!running) {
      reader.worker.unref();
      reader.port.unref();
      return;
    }
    reader.worker.ref();
    reader.port.ref();
    if (running.budgetMs > 0) reader.budgetTimer = setTimeout(() => abandonOverrun(slot, reader, running), running.budgetMs).unref();
  };

  const abandonOverrun = (slot: number, reader: Reader, running: Read) => {
    // This thread may have been busy past the budget (a long write on the writer connection) while
    // the reader answered in time: the answers that arrived meanwhile are taken first.
    for (let arrived = receiveMessageOnPort(reader.port); arrived; arrived = receiveMessageOnPort(reader.port)) {
      answer(slot, reader, arrived.message as ReaderReply);
    }
    if (reader.queue[0] !== running) return;
    running.isAbandoned = true;
    stopped(running);
    reader.budgetTimer = setTimeout(() => replaceReader(slot, reader, running), LAST_RESORT_MS).unref();
  };

  const replaceReader = (slot: number, reader: Reader, running: Read) => {
    if (reader.queue[0] !== running) return;
    const [, ...waiting] = reader.queue.splice(0);
    if (readers[slot] === reader) readers[slot] = undefined;
    reader.port.close();
    void reader.worker.terminate();
    console.warn(
      `An SQLite read never reached within_budget() in the ${LAST_RESORT_MS} ms after its budget; its reader was replaced: ${describe(running)}`,
    );
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
      return new Promise((resolve, reject) =>
        send(slot, reader, { id, scansTexts, budgetMs: readBudgetMs(), text, values, resolve, reject }),
      );
    },
    async close() {
      closed = true;
      for (const reader of readers) clearTimeout(reader?.budgetTimer);
      await Promise.all(readers.map((reader) => reader?.worker.terminate()));
    },
  };
}
