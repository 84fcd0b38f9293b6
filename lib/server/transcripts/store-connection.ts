import "server-only";
import Database from "better-sqlite3";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { int, join, sql, type Sql } from "./sql";
import { sqliteReaders } from "./sqlite-readers";
import { oneAtATime } from "./one-at-a-time";
import { readTimeoutError } from "./read-timeout";
import { isPostgresUrl, resolveDatabaseUrl } from "@/lib/database-url.mjs";

// The transcript store's own connection to DATABASE_URL, straight through the driver Prisma's
// adapter wraps (better-sqlite3 or pg). Its hot paths (batched upserts, searches, rollup sums)
// bypass Prisma's query engine, which serialises every parameter of a raw query on its way to
// the driver: for a batch of 500 transcripts that alone doubled the cost of storing them. The
// SQL is still built with Prisma.sql, and simple lookups still use the Prisma client.

export interface StoreExecutor {
  readonly isPostgres: boolean;
  query<Row>(statement: Sql): Promise<Row[]>;
  execute(statement: Sql): Promise<void>;
  /**
   * PostgreSQL: runs `COPY <target> FROM STDIN (FORMAT binary)` (`target`: a table and its columns,
   * the same SQL as its INSERT's, without parameters) with the data `chunks` (binary-copy.ts), each
   * sent as it is taken. Only within a transaction.
   */
  copyRows(target: Sql, chunks: Iterable<Buffer>): Promise<void>;
}

export interface ReadOptions {
  /**
   * The read tests the text of every transcript of a range (a search the word index cannot narrow):
   * its cost grows with the range, up to seconds. Such reads run one at a time, so that however
   * many arrive they leave the other reads a reader (SQLite) or a core (PostgreSQL).
   */
  scansTexts?: boolean;
}

interface StoreConnection extends StoreExecutor {
  url: string;
  query<Row>(statement: Sql, options?: ReadOptions): Promise<Row[]>;
  /** The time budget of each read outside the store's write transactions, in ms (0: none). */
  budgetMs: number;
  transaction<T>(work: (tx: StoreExecutor) => Promise<T>): Promise<T>;
  /** Opens the connections requests will use and has each load what it needs to plan them. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

const globalForStore = globalThis as unknown as { transcriptStore?: StoreConnection; isBulk?: boolean };

/**
 * The time budget of a read that serves a request (QUERY_TIMEOUT_MS; 0 turns it off): past it the
 * statement is stopped and the read fails (the route answers 503, see error-response.ts), so that
 * no request holds a connection, a reader or the database's CPU for long. The commands' bulk
 * writes, and every write transaction of the store, run without it.
 */
const DEFAULT_QUERY_TIMEOUT_MS = 3000;

function readBudgetMs(): number {
  if (globalForStore.isBulk) return 0;
  const configured = Number(process.env.QUERY_TIMEOUT_MS || DEFAULT_QUERY_TIMEOUT_MS);
  return Number.isInteger(configured) && configured >= 0 ? configured : DEFAULT_QUERY_TIMEOUT_MS;
}

function connection(): StoreConnection {
  const url = resolveDatabaseUrl();
  const budgetMs = readBudgetMs();
  const current = globalForStore.transcriptStore;
  if (current?.url === url && current.budgetMs === budgetMs) return current;
  if (current) void current.close();
  globalForStore.transcriptStore = isPostgresUrl(url) ? postgresConnection(url, budgetMs) : sqliteConnection(url, budgetMs);
  return globalForStore.transcriptStore;
}

const scanLane = oneAtATime();

/** Runs one statement of the store. */
export function storeQuery<Row>(statement: Sql, options: ReadOptions = {}): Promise<Row[]> {
  const store = connection();
  if (!options.scansTexts) return store.query<Row>(statement);
  // A scan waits its turn for at most the budget: a queue of them answers 503 rather than hang.
  return scanLane(() => store.query<Row>(statement, options), store.budgetMs, () => {
    console.warn(`A read that scans texts waited past its time budget of ${store.budgetMs} ms for its turn and was refused`);
    return readTimeoutError(`The read waited past its time budget of ${store.budgetMs} ms`);
  });
}

/** Runs `work` in one transaction of the store (serialised with the store's other transactions). */
export function storeTransaction<T>(work: (tx: StoreExecutor) => Promise<T>): Promise<T> {
  return connection().transaction(work);
}

/**
 * At server start, so that the first requests need not open connections to the database and fill
 * their catalog caches (see postgresConnection).
 */
export function warmStoreConnections(): Promise<void> {
  return connection().warm();
}

/** Serialises the writers of transcripts on PostgreSQL, so that two batches never both take a row for new. */
const WRITE_LOCK_ID = 720_431_004;

/**
 * Waits for the store's other writers on PostgreSQL and keeps them waiting until `tx` ends (SQLite
 * serialises every write transaction itself). A write, and the wait for the lock, are exempt from
 * the read budget (readBudgetMs) until `tx` ends: a batch cut halfway would be lost whole.
 */
export async function lockStoreWrites(tx: StoreExecutor): Promise<void> {
  if (!tx.isPostgres) return;
  await tx.execute(sql`SET LOCAL statement_timeout = 0`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${int(WRITE_LOCK_ID)})`);
}

/**
 * For a long run of writes (import and seed commands): the reads and maintenance of the command
 * (ANALYZE, VACUUM) run without the requests' time budget; SQLite commits without waiting for the
 * disk (WAL keeps the file consistent; a crash loses at most the last commits, which a rerun
 * restores) and caches more. PostgreSQL relaxes each bulk transaction instead (see saveTranscripts).
 */
export async function useBulkWrites(): Promise<void> {
  globalForStore.isBulk = true;
  const store = connection();
  if (store.isPostgres) return;
  await store.execute(sqlText("PRAGMA synchronous = NORMAL"));
  // 64 MB: a larger cache cost more in page faults, filling it, than it saved in reads. With 256 MB
  // the 50,000-transcript import ran at 5,816-7,009/s against 6,499-8,186/s, and the seed of
  // 1,000,000 took 163 s against 151 s, on a machine where a page fault costs 16-39 microseconds.
  await store.execute(sqlText("PRAGMA cache_size = -65536"));
  // Checkpoint less often: a page rewritten many times between checkpoints is copied back once.
  await store.execute(sqlText("PRAGMA wal_autocheckpoint = 25000"));
}

/** Every table the store writes as it saves transcripts. */
const STORE_TABLES = [
  "Transcript",
  "TranscriptText",
  "TranscriptDenseWords",
  "TranscriptSlotCount",
  "TranscriptHourAttribute",
  "TranscriptDayVersion",
  "SearchWord",
  "DenseWord",
  "DenseWordDayCount",
];

/**
 * After a bulk load (the seed and import commands): refreshes the planner's statistics, and on
 * PostgreSQL marks the new rows all-visible so that key-only scans (deep pages, counts) need not
 * visit the table, and clears the rows the load replaced (a seed of 1,000,000 left twice as many
 * dead rows as live ones in DenseWordDayCount). Autovacuum would get there on its own, where it
 * runs. Only the tables the load changed enough are refreshed, by autovacuum's default thresholds
 * (staleTablesSql): refreshing them all after 14 transcripts imported into 1,000,000 took 4.1 s.
 * SQLite's ANALYZE reads every index whole (3.5 s over 1,000,000 transcripts): a seed, which fills
 * the store, runs it, and an import runs `PRAGMA optimize`, which analyses only the tables that
 * changed enough, within a bounded effort.
 */
export async function finishBulkWrites(load: "seed" | "import"): Promise<void> {
  const store = connection();
  if (store.isPostgres) {
    const stale = await store.query<{ relname: string }>(staleTablesSql(STORE_TABLES));
    for (const { relname } of stale) await store.execute(sqlText(`VACUUM (ANALYZE) "${relname}"`));
  } else {
    await store.execute(sqlText(load === "seed" ? "ANALYZE" : "PRAGMA optimize"));
    await store.execute(sqlText("PRAGMA wal_checkpoint(TRUNCATE)"));
  }
}

/**
 * PostgreSQL: the tables among `tables` never analysed, or changed past autovacuum's default
 * thresholds: rows written since the last ANALYZE over 50 + 10 % of the table, rows inserted since
 * the last VACUUM over 1,000 + 20 %, or dead rows over 50 + 20 %.
 */
function staleTablesSql(tables: readonly string[]): Sql {
  const rows = sql`greatest(c.reltuples, 0)`;
  return sql`
    SELECT s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
    WHERE s.schemaname = current_schema() AND s.relname IN (${join(tables)})
      AND (coalesce(s.last_analyze, s.last_autoanalyze) IS NULL
        OR s.n_mod_since_analyze > 50 + 0.1 * ${rows}
        OR s.n_ins_since_vacuum > 1000 + 0.2 * ${rows}
        OR s.n_dead_tup > 50 + 0.2 * ${rows})
    ORDER BY s.relname`;
}

function sqlText(text: string): Sql {
  return { sql: text, text, values: [] } as unknown as Sql;
}

export async function closeStoreConnection(): Promise<void> {
  const current = globalForStore.transcriptStore;
  globalForStore.transcriptStore = undefined;
  await current?.close();
}

/** SQLite stores DATETIME as Prisma's adapter does: ISO 8601 with '+00:00'. */
function sqliteValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value === undefined ? null : value;
}

const SQLITE_BUSY_TIMEOUT_MS = 10_000;

/**
 * Transactions (and other writes) go through one connection on this thread, reads through the
 * connections of worker threads (see sqlite-readers). A transaction awaits between its statements,
 * so a read on the same connection could see its uncommitted half; the readers see the last
 * committed state (WAL).
 */
function sqliteConnection(url: string, budgetMs: number): StoreConnection {
  const file = url.replace(/^file:/, "");
  const writer = sqliteExecutor(file);
  const readers = sqliteReaders(file, SQLITE_BUSY_TIMEOUT_MS, budgetMs);
  // better-sqlite3 is synchronous, but a transaction's work awaits between statements: a queue
  // keeps this process's writes from interleaving on the writer connection.
  let queue: Promise<unknown> = Promise.resolve();
  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    url,
    budgetMs,
    isPostgres: false,
    query: async <Row>(statement: Sql, options?: ReadOptions) =>
      (await readers.query(statement.sql, statement.values.map(sqliteValue), options?.scansTexts === true)) as Row[],
    execute: (statement) => serialised(() => writer.execute(statement)),
    copyRows: copyOnlyOnPostgres,
    transaction<T>(work: (tx: StoreExecutor) => Promise<T>): Promise<T> {
      return serialised(async () => {
        // IMMEDIATE takes the write lock first: a transaction that read first could not upgrade
        // to writing after another process wrote, and would fail as busy.
        writer.database.prepare("BEGIN IMMEDIATE").run();
        try {
          const result = await work(writer);
          writer.database.prepare("COMMIT").run();
          return result;
        } catch (error) {
          if (writer.database.inTransaction) writer.database.prepare("ROLLBACK").run();
          throw error;
        }
      });
    },
    // Each reader opens its database when its thread starts.
    warm: async () => undefined,
    async close() {
      writer.database.close();
      await readers.close();
    },
  };
}

function sqliteExecutor(file: string): StoreExecutor & { database: Database.Database } {
  const database = new Database(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  // As on PostgreSQL: a transcript's search text follows it when its key changes or it is deleted.
  database.pragma("foreign_keys = ON");
  const statements = new Map<string, Database.Statement>();
  const prepare = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = database.prepare(text);
      if (statements.size > 200) statements.clear();
      statements.set(text, statement);
    }
    return statement;
  };
  const run = (statement: Sql) => {
    const prepared = prepare(statement.sql);
    const values = statement.values.map(sqliteValue);
    return prepared.reader ? prepared.all(values) : (prepared.run(values), []);
  };
  return {
    database,
    isPostgres: false,
    async query<Row>(statement: Sql) {
      return run(statement) as Row[];
    },
    async execute(statement: Sql) {
      run(statement);
    },
    copyRows: copyOnlyOnPostgres,
  };
}

async function copyOnlyOnPostgres(): Promise<void> {
  throw new Error("COPY is PostgreSQL's");
}

/** PostgreSQL `timestamp(3)` columns hold UTC wall-clock time, as Prisma writes them. */
function postgresValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("T", " ").replace("Z", "");
  return value === undefined ? null : value;
}

async function copyOnlyInTransaction(): Promise<void> {
  throw new Error("COPY runs within a transaction of the store");
}

const TIMESTAMP_OID = 1114;
const parseUtcTimestamp = (value: string) => new Date(`${value.replace(" ", "T")}Z`);

/**
 * Connections a PostgreSQL store keeps open when idle, and warms at server start. A new connection
 * loads each table's, index's, statistic's and operator's catalog entries as its statements first
 * need them: after a start, the first search of the benchmark (30 days of 1,000,000 transcripts)
 * opened a second connection for its parallel counts and spent 40-60 ms of its 114-147 ms on that.
 * A search runs two reads at once; a third connection opens under load.
 */
const WARM_CONNECTIONS = 2;

/**
 * Planned, not run, on each warmed connection: between them they name every table, index and
 * operator of the store's reads, and the columns whose statistics their plans consult.
 */
const WARM_UP_STATEMENTS = [
  `EXPLAIN SELECT t."id", t."source" FROM "Transcript" t
     JOIN "TranscriptText" x ON x."sortKey" = t."sortKey"
     JOIN "TranscriptDenseWords" d ON d."sortKey" = t."sortKey"
   WHERE t."sortKey" BETWEEN 0 AND 1 AND t."sessionId" = '' AND t."id" IN ('', '')
     AND x."words" && ARRAY[0] AND strpos(x."text", '') > 0 AND (d."b0" & 1) <> 0
   ORDER BY t."sortKey" DESC LIMIT 1`,
  `EXPLAIN SELECT w."id", d."bit", c."count" FROM "SearchWord" w
     LEFT JOIN "DenseWord" d ON d."wordId" = w."id"
     LEFT JOIN "DenseWordDayCount" c ON c."bit" = d."bit" AND c."day" BETWEEN 0 AND 1
   WHERE (w."word" LIKE '%a%' OR reverse(w."word") LIKE 'a%')`,
  `EXPLAIN SELECT v."version", s."count", h."count" FROM "TranscriptDayVersion" v, "TranscriptSlotCount" s, "TranscriptHourAttribute" h
   WHERE v."day" BETWEEN 0 AND 1 AND s."slot" BETWEEN 0 AND 1 AND h."dimension" = '' AND h."hour" BETWEEN 0 AND 1`,
];

/** PostgreSQL's code for a statement cancelled, here by statement_timeout. */
const QUERY_CANCELED = "57014";

function postgresConnection(url: string, budgetMs: number): StoreConnection {
  const max = Number(process.env.DATABASE_POOL_SIZE) || 10;
  const warmConnections = Math.min(WARM_CONNECTIONS, max);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    min: warmConnections,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
    // Sent when the connection opens, so that it holds for every statement without a round trip of
    // its own, on this connection and not on others a proxy might hand the session to.
    ...(budgetMs > 0 ? { statement_timeout: budgetMs } : {}),
    types: { getTypeParser: ((oid: number, format?: "text" | "binary") => (oid === TIMESTAMP_OID ? parseUtcTimestamp : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
    // Large values (a transcript's source JSON, the longer search texts) are compressed with lz4 rather than
    // pglz: storing 50,000 transcripts took 9.2-9.6 s instead of 10.3-10.7 s, for 4 % more space, and
    // reading them back decompresses faster. A server built without lz4 refuses it and keeps pglz.
    // Set before the pool hands the connection out, so that it never overlaps the first query.
    onConnect: async (client) => {
      await client.query("SET default_toast_compression = lz4").catch(() => undefined);
    },
  });
  // An idle connection dropped by the server (restart, dropped test database) must not crash the process.
  pool.on("error", () => undefined);
  const run = async <Row>(client: pg.Pool | pg.PoolClient, statement: Sql) => {
    try {
      return (await client.query(statement.text, statement.values.map(postgresValue))).rows as Row[];
    } catch (error) {
      if ((error as { code?: unknown }).code === QUERY_CANCELED) {
        console.warn(`A PostgreSQL read ran past its time budget of ${budgetMs} ms and was cancelled: ${statement.text.replace(/\s+/g, " ").slice(0, 200)}`);
      }
      throw error;
    }
  };
  return {
    url,
    budgetMs,
    isPostgres: true,
    query: (statement) => run(pool, statement),
    async execute(statement) {
      await run(pool, statement);
    },
    copyRows: copyOnlyInTransaction,
    async transaction<T>(work: (tx: StoreExecutor) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work({
          isPostgres: true,
          query: (statement) => run(client, statement),
          async execute(statement) {
            await run(client, statement);
          },
          async copyRows(target, chunks) {
            // One chunk at a time: the next is written while the server reads this one.
            if (target.values.length > 0) throw new Error("A COPY target takes no parameters");
            await pipeline(Readable.from(chunks, { highWaterMark: 1 }), client.query(copyFrom(`COPY ${target.text} FROM STDIN (FORMAT binary)`)));
          },
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async warm() {
      const clients = await Promise.all(Array.from({ length: warmConnections }, () => pool.connect()));
      try {
        await Promise.all(clients.map(async (client) => {
          for (const statement of WARM_UP_STATEMENTS) await client.query(statement);
        }));
      } finally {
        for (const client of clients) client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
