// The store's entry for worker threads (the import and seed commands' workers, the redaction
// job's): what prepares a batch for saveTranscripts without opening a connection. In-process code
// imports the store's index instead.
export { BatchPacker, type PackedBatch } from "./packed-batch";
export type { StoredSource } from "./stored-sources";
export type { TextsWords } from "./search-words";
