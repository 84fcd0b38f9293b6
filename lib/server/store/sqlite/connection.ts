import "server-only";
import { isDate } from "node:util/types";
import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "@/generated/prisma-sqlite/client";
import type { ReadOptions, WriteTransaction } from "../database";
import type { Sql } from "../sql";
import { sqliteReaders } from "./readers";

// The connections of this process to an SQLite file. The store's own go straight through
// better-sqlite3 (the driver Prisma's adapter wraps): Prisma's query engine serialises every
// parameter of a raw query on its way to the driver, which doubled the cost of storing a batch.
// Writes go through one connection on this thread; reads through the connections of worker threads
// (readers.ts), which see the last committed state (WAL), never a transaction's uncommitted half.
// Prisma's adapter opens a connection of its own (it takes no connection from outside); writers of
// all of them, and of other processes, take turns through SQLite's lock, each waiting up to
// BUSY_TIMEOUT_MS for it. Every connection deletes securely (SECURE_DELETE): what a delete or an
// update frees is overwritten with zeros, so that an erased transcript leaves no bytes in the file's
// free space (the WAL's older frames go at the checkpoint that ends an erasure).

const BUSY_TIMEOUT_MS = 10_000;

/** The pragma every connection to the file runs first (readers.ts's too). */
const SECURE_DELETE = "secure_delete = ON";

/**
 * Prisma's adapter for one file, whose connection deletes securely like the store's own: the
 * adapter takes no connection from outside, so its own is set as it opens.
 */
class SecureDeleteSqliteAdapter extends PrismaBetterSQLite3 {
  async connect() {
    const adapter = await super.connect();
    (adapter as unknown as { client: Database.Database }).client.pragma(SECURE_DELETE);
    return adapter;
  }
}

/**
 * SQLite stores DATETIME as Prisma's adapter does: ISO 8601 with '+00:00'. Dates are told by isDate,
 * not instanceof: a worker thread's message brings Dates of another realm under jest.
 */
function sqliteValue(value: unknown): unknown {
  if (isDate(value)) return value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value === undefined ? null : value;
}

export interface SqliteConnection {
  prisma: PrismaClient;
  read<Row>(statement: Sql, options?: ReadOptions): Promise<Row[]>;
  write<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T>;
  /** One statement on the writer connection, outside any transaction (pragmas, maintenance). */
  execute(statement: Sql): Promise<void>;
  close(): Promise<void>;
}

export function sqliteConnection(file: string): SqliteConnection {
  const writer = writerConnection(file);
  const readers = sqliteReaders(file, BUSY_TIMEOUT_MS, SECURE_DELETE);
  const prisma = new PrismaClient({ adapter: new SecureDeleteSqliteAdapter({ url: file, timeout: BUSY_TIMEOUT_MS }) });
  // better-sqlite3 is synchronous, but a transaction's work awaits between statements: a queue
  // keeps this process's writes from interleaving on the writer connection.
  let queue: Promise<unknown> = Promise.resolve();
  const serialised = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    prisma,
    read: async <Row>(statement: Sql, options?: ReadOptions) =>
      (await readers.query(statement.sql, statement.values.map(sqliteValue), options?.scansTexts === true)) as Row[],
    execute: (statement) => serialised(() => writer.execute(statement)),
    write<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T> {
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
    async close() {
      await prisma.$disconnect();
      writer.database.close();
      await readers.close();
    },
  };
}

function writerConnection(file: string): WriteTransaction & { database: Database.Database } {
  const database = new Database(file, { timeout: BUSY_TIMEOUT_MS, fileMustExist: true });
  database.pragma(SECURE_DELETE);
  // A transcript's search text follows it when its key changes or it is deleted.
  database.pragma("foreign_keys = ON");
  // Writes run without a read budget; the store's read statements may run here too (readers.ts).
  database.function("within_budget", { deterministic: false }, () => 1);
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
    async query<Row>(statement: Sql) {
      return run(statement) as Row[];
    },
    async execute(statement: Sql) {
      run(statement);
    },
  };
}
