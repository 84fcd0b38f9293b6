import "server-only";
import { availableParallelism } from "node:os";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { READ_TIMEOUT_CODE, readBudgetMs, readTimeoutError } from "../read-budget";

// The store's reads of an SQLite file run on worker threads, each with its own connection.
// better-sqlite3 answers synchronously: on the server's own thread every read would hold up every
// other request, new connections included. Here the server's thread only parses, authorises and
// answers, and reads wait their turn in a queue that serves them in order of arrival.

/**
 * Runs one statement per message and answers with its rows, or with the error's message and code.
 * Each statement is prepared afresh: tens of microseconds beside reads that take milliseconds.
 * SQL function within_budget() throws once the running statement has run for the budget, which
 * makes SQLite abort the statement: better-sqlite3 has no other way to interrupt one. The store's
 * long statements call it every 1024 keys or so (withinBudget in search.ts).
 * SQL function passes_prefilter(text, prefilter) is 1 when the text passes the erasure's prefilter
 * (lib/privacy/erasure-prefilter.ts, given as JSON; deletion-targets.ts), else 0: in one pass of
 * JavaScript's string search rather than several of SQLite's instr() and LIKE.
 */
const READER_SOURCE = `
const { workerData } = require("node:worker_threads");
const port = workerData.port;
const Database = require("better-sqlite3");
const database = new Database(workerData.file, { timeout: workerData.busyTimeoutMs, fileMustExist: true });
database.pragma(workerData.pragma);
let deadline = Infinity;
database.function("within_budget", { deterministic: false }, () => {
  if (Date.now() < deadline) return 1;
  throw Object.assign(new Error("The read ran past its time budget"), { code: workerData.timeoutCode });
});
let prefilterJson = null;
let prefilter = null;
database.function("passes_prefilter", { deterministic: true }, (text, json) => {
  if (json !== prefilterJson) {
    prefilter = JSON.parse(json);
    prefilterJson = json;
  }
  if (typeof text !== "string") return 0;
  for (const other of prefilter.orHolds) if (text.includes(other)) return 1;
  if (prefilter.kind === "text") {
    // The lower-case ASCII needle ignoring the case of ASCII letters, found from its first character
    // that has no case (an e-mail address has its '@'), without a lower-cased copy of the text.
    const needle = prefilter.text;
    const anchor = needle.search(/[^a-z]/);
    if (anchor < 0) return text.toLowerCase().includes(needle) ? 1 : 0;
    for (let at = text.indexOf(needle[anchor], anchor); at >= 0; at = text.indexOf(needle[anchor], at + 1)) {
      const start = at - anchor;
      let matched = 0;
      while (matched < needle.length) {
        const code = text.charCodeAt(start + matched);
        if ((code >= 0x41 && code <= 0x5a ? code + 0x20 : code) !== needle.charCodeAt(matched)) break;
        matched += 1;
      }
      if (matched === needle.length) return 1;
    }
    return 0;
  }
  const { digits, joiners } = prefilter;
  for (let start = text.indexOf(digits[0]); start >= 0; start = text.indexOf(digits[0], start + 1)) {
    let matched = 1;
    for (let position = start + 1; matched < digits.length && position < text.length; position++) {
      if (text[position] === digits[matched]) matched += 1;
      else if (!joiners.includes(text[position])) break;
    }
    if (matched === digits.length) return 1;
  }
  return 0;
});
port.on("message", ({ id, text, values, budgetMs }) => {
  deadline = budgetMs > 0 ? Date.now() + budgetMs : Infinity;
  try {
    const statement = database.prepare(text);
    const rows = statement.reader ? statement.all(values) : (statement.run(values), []);
    port.postMessage({ id, rows });
  } catch (error) {
    port.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  } finally {
    deadline = Infinity;
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
    const worker = new Worker(READER_SOURCE, {
      eval: true,
      workerData: { file, busyTimeoutMs, pragma, timeoutCode: READ_TIMEOUT_CODE, port: workerPort },
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
    reader.port.postMessage({ id: read.id, text: read.text, values: read.values, budgetMs: read.budgetMs });
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
