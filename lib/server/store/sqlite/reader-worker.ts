// A reader of the SQLite file (readers.ts): a worker thread with its own connection that runs one
// statement per message and answers with its rows, or with the error's message and code.
// Each statement is prepared afresh: tens of microseconds beside reads that take milliseconds.
// SQL function within_budget() throws once the running statement has run for the budget, which
// makes SQLite abort the statement: better-sqlite3 has no other way to interrupt one. The store's
// long statements call it every 1024 keys or so (withinBudget in search.ts).
// SQL function passes_prefilter(text, prefilter) is 1 when the text passes the erasure's prefilter
// (lib/privacy/erasure-prefilter.ts, given as JSON; deletion-targets.ts), else 0: in one pass of
// JavaScript's string search rather than several of SQLite's instr() and LIKE.
import { workerData, type MessagePort } from "node:worker_threads";
import Database from "better-sqlite3";
import type { ErasurePrefilter } from "@/lib/privacy/erasure-prefilter";

export interface ReaderWorkerData {
  file: string;
  busyTimeoutMs: number;
  /** Run as the connection opens, as on every connection to the file (connection.ts). */
  pragma: string;
  /** The code of the error within_budget() throws (READ_TIMEOUT_CODE). */
  timeoutCode: string;
  /** The channel of the reads and their answers. */
  port: MessagePort;
}

export interface ReaderRequest {
  id: number;
  text: string;
  values: unknown[];
  /** Its time budget in ms (0: none). */
  budgetMs: number;
}

export interface ReaderReply {
  id: number;
  rows?: unknown[];
  error?: { message: string; code?: string };
}

const { file, busyTimeoutMs, pragma, timeoutCode, port } = workerData as ReaderWorkerData;
const database = new Database(file, { timeout: busyTimeoutMs, fileMustExist: true });
database.pragma(pragma);

let deadline = Infinity;
database.function("within_budget", { deterministic: false }, () => {
  if (Date.now() < deadline) return 1;
  throw Object.assign(new Error("The read ran past its time budget"), { code: timeoutCode });
});

let prefilterJson: string | null = null;
let prefilter: ErasurePrefilter | null = null;
database.function("passes_prefilter", { deterministic: true }, (text: unknown, json: unknown) => {
  if (json !== prefilterJson) {
    prefilter = JSON.parse(json as string) as ErasurePrefilter;
    prefilterJson = json as string;
  }
  return typeof text === "string" && passesPrefilter(text, prefilter!) ? 1 : 0;
});

function passesPrefilter(text: string, prefilter: ErasurePrefilter): boolean {
  for (const other of prefilter.orHolds) if (text.includes(other)) return true;
  if (prefilter.kind === "text") {
    // The lower-case ASCII needle ignoring the case of ASCII letters, found from its first character
    // that has no case (an e-mail address has its '@'), without a lower-cased copy of the text.
    const needle = prefilter.text;
    const anchor = needle.search(/[^a-z]/);
    if (anchor < 0) return text.toLowerCase().includes(needle);
    for (let at = text.indexOf(needle[anchor], anchor); at >= 0; at = text.indexOf(needle[anchor], at + 1)) {
      const start = at - anchor;
      let matched = 0;
      while (matched < needle.length) {
        const code = text.charCodeAt(start + matched);
        if ((code >= 0x41 && code <= 0x5a ? code + 0x20 : code) !== needle.charCodeAt(matched)) break;
        matched += 1;
      }
      if (matched === needle.length) return true;
    }
    return false;
  }
  const { digits, joiners } = prefilter;
  for (let start = text.indexOf(digits[0]); start >= 0; start = text.indexOf(digits[0], start + 1)) {
    let matched = 1;
    for (let position = start + 1; matched < digits.length && position < text.length; position++) {
      if (text[position] === digits[matched]) matched += 1;
      else if (!joiners.includes(text[position])) break;
    }
    if (matched === digits.length) return true;
  }
  return false;
}

port.on("message", ({ id, text, values, budgetMs }: ReaderRequest) => {
  deadline = budgetMs > 0 ? Date.now() + budgetMs : Infinity;
  try {
    const statement = database.prepare(text);
    const rows = statement.reader ? statement.all(values) : (statement.run(values), []);
    port.postMessage({ id, rows } satisfies ReaderReply);
  } catch (error) {
    const { message, code } = error as { message?: unknown; code?: string };
    port.postMessage({ id, error: { message: String(message), code } } satisfies ReaderReply);
  } finally {
    deadline = Infinity;
  }
});
