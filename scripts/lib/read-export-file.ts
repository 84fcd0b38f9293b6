// Reads the transcripts of one export file without holding more than one of them in memory at a
// time when it can: a top-level JSON array is split into its elements as it streams in, and JSON
// Lines files (.jsonl, .ndjson) are read line by line. Other JSON (one transcript, or an object
// holding them) is parsed whole. A record that cannot be parsed is yielded as a problem, and the
// rest of the file is still read.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createInterface } from "node:readline";
import { extractRecords, type SourceRecord } from "@/lib/transcripts/extract-records";

export type FileItem = { kind: "record"; index: number; record: SourceRecord } | { kind: "problem"; index?: number; reason: string };

/** Calls onBytes with the bytes read so far, for progress. chunkSize is for tests. */
export async function* readExportFile(file: string, onBytes: (bytes: number) => void, chunkSize?: number): AsyncGenerator<FileItem> {
  if (/\.(jsonl|ndjson)$/i.test(file)) {
    yield* readJsonLines(file, onBytes);
    return;
  }
  const firstChar = await firstSignificantChar(file);
  if (firstChar === "[") yield* readJsonArray(file, onBytes, chunkSize);
  else yield* readWholeJson(file, onBytes);
}

async function firstSignificantChar(file: string): Promise<string | null> {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString("utf8")
      .replace(/^\uFEFF/, "");
    const match = /\S/.exec(text);
    return match ? match[0] : null;
  } finally {
    await handle.close();
  }
}

async function* readWholeJson(file: string, onBytes: (bytes: number) => void): AsyncGenerator<FileItem> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    chunks.push(chunk as Buffer);
    bytes += (chunk as Buffer).length;
    onBytes(bytes);
  }
  const text = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  if (text.trim() === "") {
    yield { kind: "problem", reason: "the file is empty" };
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    yield { kind: "problem", reason: `not valid JSON: ${(error as Error).message}` };
    return;
  }
  const extraction = extractRecords(value, file);
  if (!extraction.ok) {
    yield { kind: "problem", reason: extraction.reason };
    return;
  }
  for (const [index, record] of extraction.records.entries()) yield { kind: "record", index, record };
}

async function* readJsonLines(file: string, onBytes: (bytes: number) => void): AsyncGenerator<FileItem> {
  const stream = createReadStream(file);
  let bytes = 0;
  stream.on("data", (chunk) => onBytes((bytes += (chunk as Buffer).length)));
  let index = -1;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    if (line.trim() === "") continue;
    index += 1;
    try {
      yield { kind: "record", index, record: { raw: JSON.parse(line), text: line } };
    } catch (error) {
      yield { kind: "problem", index, reason: `line ${index + 1} is not valid JSON: ${(error as Error).message}` };
    }
  }
}

/**
 * Splits a top-level array into its elements while streaming: tracks nesting and strings (jumping
 * from quote to quote), and parses each element on its own. It scans the file's bytes, not decoded
 * text: JSON's structural characters are ASCII and never occur inside a multi-byte UTF-8 sequence,
 * and decoding each element on its own keeps the (usual) ASCII-only ones in V8's compact one-byte
 * strings, where a decoded chunk with a single other character would be two bytes a character. The
 * unfinished element at the end of a chunk is kept as pieces and joined once it ends, so a huge
 * element costs linear time. An array of dialog entries (a bare dialog) is one transcript, so it is
 * gathered and handed to extractRecords whole.
 */
async function* readJsonArray(file: string, onBytes: (bytes: number) => void, chunkSize?: number): AsyncGenerator<FileItem> {
  let bytes = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let inElement = false;
  let pieces: Buffer[] = [];
  let index = 0;
  let closed = false;
  let bareDialog: unknown[] | null = null;
  // The deepest nesting since the current element began, so that normalising need not walk the
  // parsed element again (that walk was about a twentieth of preparing a transcript).
  let deepest = 0;

  const finishElement = function* (text: string): Generator<FileItem> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      yield { kind: "problem", index, reason: `element ${index} is not valid JSON: ${(error as Error).message}` };
      index += 1;
      return;
    }
    if (index === 0 && looksLikeDialogEntry(value)) bareDialog = [];
    if (bareDialog) bareDialog.push(value);
    else yield { kind: "record", index, record: { raw: value, text, nesting: deepest - 1 } };
    index += 1;
  };

  for await (const chunk of createReadStream(file, { highWaterMark: chunkSize ?? 1 << 20 }) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    onBytes(bytes);
    let start = 0; // where the current element begins in this chunk, when inElement
    const elementText = (end: number) => {
      const text =
        pieces.length > 0 ? Buffer.concat([...pieces, chunk.subarray(start, end)]).toString("utf8") : chunk.toString("utf8", start, end);
      pieces = [];
      inElement = false;
      return text;
    };
    const begin = (at: number) => {
      if (depth === 1 && !inElement) {
        inElement = true;
        start = at;
        deepest = 1;
      }
    };
    for (let i = 0; i < chunk.length; i++) {
      if (inString) {
        if (escaped) {
          escaped = false;
          continue;
        }
        // Jump to the next quote; it ends the string unless an odd run of backslashes escapes it.
        const quote = chunk.indexOf(34, i);
        if (quote < 0) {
          // The string goes on in the next chunk: note whether this one ends inside an escape.
          let slashes = 0;
          for (let k = chunk.length - 1; k >= i && chunk[k] === 92; k--) slashes += 1;
          escaped = slashes % 2 === 1;
          break;
        }
        let slashes = 0;
        for (let k = quote - 1; k >= i && chunk[k] === 92; k--) slashes += 1;
        i = quote;
        if (slashes % 2 === 0) inString = false;
        continue;
      }
      const byte = chunk[i];
      if (byte === 34 /* " */) {
        begin(i);
        inString = true;
      } else if (byte === 91 /* [ */ || byte === 123 /* { */) {
        begin(i);
        depth += 1;
        if (depth > deepest) deepest = depth;
      } else if (byte === 93 /* ] */ || byte === 125 /* } */) {
        depth -= 1;
        if (depth === 0) {
          if (inElement) yield* finishElement(elementText(i));
          closed = true;
          break;
        }
      } else if (byte === 44 /* , */ && depth === 1) {
        if (inElement) yield* finishElement(elementText(i));
      } else if (byte > 32) {
        begin(i); // a number, true, false or null (or stray text, which JSON.parse will report)
      }
    }
    if (closed) break;
    if (inElement) pieces.push(chunk.subarray(start));
  }
  if (!closed) yield { kind: "problem", index, reason: "the JSON array is not closed (the file is cut short or malformed)" };
  if (bareDialog) {
    const extraction = extractRecords(bareDialog, file);
    if (extraction.ok) for (const record of extraction.records) yield { kind: "record", index: 0, record };
  }
}

function looksLikeDialogEntry(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.some((key) => ["sessionID", "sessionId", "dialog", "logs", "_id", "transcript"].includes(key))) return false;
  return keys.some((key) => ["turnID", "format", "startTime", "type", "payload"].includes(key));
}
