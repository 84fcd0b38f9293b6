import "server-only";
import type { PrismaClient } from "@/generated/prisma-sqlite/client";
import type { Sql } from "./sql";
import type { TextsWords } from "./search-words";
import type { ErasurePrefilter } from "@/lib/privacy/erasure-prefilter";

// What each database of the store provides (sqlite/, postgres/): the connection, the dialect's few
// differences, how a search finds its matches, and how the search rows of a transcript are written.
// Everything else the store does is written once, on top of this (DESIGN.md).

export type DatabaseName = "sqlite" | "postgresql";

/** Both generated Prisma clients expose the same models; the SQLite one's type stands for both. */
export type PortalPrismaClient = PrismaClient;

/** The statements of one write transaction. */
export interface WriteTransaction {
  query<Row>(statement: Sql): Promise<Row[]>;
  execute(statement: Sql): Promise<void>;
}

/** A read of the store within its budget and turns: storeRead, handed to the implementations. */
export type StoreReader = <Row>(statement: Sql, options?: ReadOptions) => Promise<Row[]>;

export interface ReadOptions {
  /**
   * The read tests the text of every transcript of a range (a search the word index cannot narrow):
   * its cost grows with the range. Such reads run one at a time (storeRead in active-database.ts).
   */
  scansTexts?: boolean;
}

/** A time range, both ends inclusive, in epoch milliseconds. */
export interface TimeRange {
  startMs: number;
  endMs: number;
}

/** What a list or count call looks for in a range: transcripts whose text holds `search`, of one session. */
export interface SearchFilter {
  /** Folded by normalizeSearchQuery; null for no search. */
  search: string | null;
  sessionId: string | null;
}

/** How a page of matches is found: through the word index, or by reading the range in key order. */
export type TextScan = "index" | "range";

export interface KeyPage {
  descending: boolean;
  limit: number;
  offset: number;
  scan: TextScan;
}

/** A search prepared by one database: the SQL that finds its matches in any range. */
export interface PreparedSearch {
  /** Finding the matches tests the text of every transcript of the range: no index narrows them. */
  readonly scansEveryText: boolean;
  /** SELECT "sortKey" of one page of the matches of the range, in key order. */
  matchingKeysSql(range: TimeRange, page: KeyPage): Sql;
  /** SELECT count(*) AS "n" of the matches of the range. */
  countSql(range: TimeRange): Sql;
  /** Rows ("bucket", "n"): the matches of the range per UTC bucket of bucketMs (a day or an hour). */
  countPerBucket(range: TimeRange, bucketMs: number): Promise<{ bucket: unknown; n: unknown }[]>;
  /**
   * SELECT count(*) AS "n" of the matches among `keys` (SELECT "sortKey" of keys of the range, each
   * once; `isKey` the condition that a key is one of them), found without reading their texts; null
   * where the database can tell a match only from its text or the whole word index.
   */
  matchesAmongSql: ((range: TimeRange, keys: Sql, isKey: (key: Sql) => Sql) => Sql) | null;
  /** How a page that passes `passed` of the range's `matches` matches is best found. */
  pageScan(range: TimeRange, passed: number, matches: number): Promise<TextScan>;
}

/** A transcript's search text as the save writes it. */
export interface TextRow {
  sortKey: number;
  text: string;
  /** Its position in the batch, which is also its text's position in the batch's TextsWords. */
  position: number;
}

/** A search text as stored, at its transcript's sort key. */
export interface StoredText {
  sortKey: number;
  text: string;
}

/** Writes the search rows of one batch of transcripts, within the transaction that stores them. */
export interface SearchRowWriter {
  /**
   * The search rows of the batch's texts, written after the transcripts' rows: a transcript given a
   * new key has taken its rows to it (foreign keys, ON UPDATE CASCADE).
   */
  save(texts: TextRow[]): Promise<void>;
}

/** The SQL that differs between the two databases, for the store's shared statements. */
export interface StoreDialect {
  /** The condition that a text column contains `text`: the test every search reduces to. */
  contains(column: Sql, text: string): Sql;
  /** The condition that a set's sort key column is `key`, a key of [low, high]. */
  sameKey(column: Sql, key: Sql, low: number, high: number): Sql;
  /**
   * sameKey for a table of wide rows (a transcript's, its signals'), indexed also on (value,
   * sortKey), in a test that names the value.
   */
  atKey(column: Sql, key: Sql, low: number, high: number): Sql;
  /** The statements that give a bulk action an empty temporary "BulkKeys" ("sortKey"), and those that empty it after. */
  readonly bulkKeys: { create: Sql[]; release: Sql[] };
  /** The erasure prefilter as a condition on a record's "source" (erasure-prefilter.ts). */
  passesPrefilter(prefilter: ErasurePrefilter): Sql;
  /** How many signed-in requests an instance works on at once unless REQUESTS_AT_ONCE says (requests-at-once.ts). */
  readonly defaultRequestsAtOnce: number;
}

export interface StoreDatabase {
  readonly url: string;
  readonly dialect: StoreDialect;
  /** Prisma's client, on the same connections as the store's own statements. */
  readonly prisma: PortalPrismaClient;
  /** One read, within the read budget (read-budget.ts). */
  read<Row>(statement: Sql, options?: ReadOptions): Promise<Row[]>;
  /**
   * Runs `work` in one write transaction holding the store's write lock (writers of transcripts
   * never interleave), outside the read budget.
   */
  write<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T>;
  /** The operator that tells two values apart, NULL from a value too. */
  readonly isDistinctFrom: Sql;
  /**
   * A search of the filter, prepared (its words looked up) for any range; its reads go through
   * `read`, the store's budgeted read (storeRead), which the implementations do not import.
   */
  prepareSearch(filter: SearchFilter, read: StoreReader): Promise<PreparedSearch>;
  /**
   * The search row writer of a batch (its texts' words, and the texts its transcripts stored
   * already had before it), made before the batch writes anything.
   */
  searchRowWriter(
    tx: WriteTransaction,
    batch: { words: TextsWords; replaced: readonly StoredText[] },
    options: { bulk: boolean },
  ): Promise<SearchRowWriter>;
  /**
   * Within the transaction that deletes the transcripts of these texts (with their words), before it
   * does: what their search rows need beyond what foreign keys and triggers do.
   */
  beforeDelete(tx: WriteTransaction, texts: readonly StoredText[], words: TextsWords): Promise<void>;
  /**
   * Within a write transaction that deleted or replaced texts holding these words, after it did:
   * removes from the word list, with every index of it, those no stored text holds any longer.
   */
  unlistWordsNotHeld(tx: WriteTransaction, words: readonly string[]): Promise<void>;
  /**
   * After an erasure deleted transcripts: leaves none of their bytes in the database's files (the
   * deletions themselves zero what they free on SQLite), outside any transaction.
   */
  scrubDeleted(): Promise<void>;
  /** For a long run of writes (the import and seed commands). */
  beginBulkWrites(): Promise<void>;
  /** After a bulk load: refreshes the planner's statistics of what it changed. */
  finishBulkWrites(load: "seed" | "import"): Promise<void>;
  /** Closes every connection, Prisma's included. */
  close(): Promise<void>;
}
