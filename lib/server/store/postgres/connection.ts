import "server-only";
import { isDate } from "node:util/types";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma-pg/client";
import type { PortalPrismaClient, WriteTransaction } from "../database";
import { readBudgetMs, readTimeoutError } from "../read-budget";
import { int, sql, type Sql } from "../sql";

// The connections of this process to PostgreSQL: one pool of DATABASE_POOL_SIZE, which Prisma's
// adapter and the store's own statements share. The store's go straight through pg (the driver
// Prisma's adapter wraps): Prisma's query engine serialises every parameter of a raw query on its
// way to the driver, which doubled the cost of storing a batch. Nothing is set on a connection for
// longer than a transaction, so that a transaction-pooling proxy (PgBouncer) may hand any server
// connection to any transaction: a read's time budget is its transaction's statement_timeout. The
// connections pipeline (pg's `pipeline`): statements sent together go out without waiting for one
// another's answers, so that such a read's transaction takes one round trip, not three.

export interface PostgresConnection {
  prisma: PortalPrismaClient;
  /** One statement, within the read budget. */
  read<Row>(statement: Sql): Promise<Row[]>;
  /** `work` in one transaction holding the writers' lock, outside the read budget. */
  write<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T>;
  /** One statement outside any transaction and the read budget (maintenance: VACUUM). */
  execute(statement: Sql): Promise<void>;
  close(): Promise<void>;
}

/**
 * PostgreSQL `timestamp(3)` columns hold UTC wall-clock time, as Prisma writes them. Dates are told
 * by isDate, not instanceof: a worker thread's message brings Dates of another realm under jest.
 */
function postgresValue(value: unknown): unknown {
  if (isDate(value)) return value.toISOString().replace("T", " ").replace("Z", "");
  return value === undefined ? null : value;
}

const TIMESTAMP_OID = 1114;
const parseUtcTimestamp = (value: string) => new Date(`${value.replace(" ", "T")}Z`);

/** PostgreSQL's code for a statement cancelled, here by statement_timeout. */
const QUERY_CANCELED = "57014";

/** Serialises the writers of transcripts, so that two batches never both take a row for new. */
const WRITE_LOCK_ID = 720_431_004;

export function postgresConnection(url: string): PostgresConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
    idleTimeoutMillis: 10_000,
    allowExitOnIdle: true,
    pipeline: true,
    // The store's statements read timestamps as UTC; Prisma's give each query parsers of their own.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === TIMESTAMP_OID ? parseUtcTimestamp : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection dropped by the server (restart, dropped test database) must not crash the process.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) }) as unknown as PortalPrismaClient;
  /** A read's failure as the store reports it: a statement cancelled by its budget is a read timeout. */
  const readFailure = (error: unknown, statement: Sql, budgetMs: number): unknown => {
    if ((error as { code?: unknown }).code !== QUERY_CANCELED) return error;
    console.warn(
      `A PostgreSQL read ran past its time budget of ${budgetMs} ms and was cancelled: ${statement.text.replace(/\s+/g, " ").slice(0, 200)}`,
    );
    return readTimeoutError(`The read ran past its time budget of ${budgetMs} ms`);
  };
  const run = async <Row>(client: pg.Pool | pg.PoolClient, statement: Sql, budgetMs = 0) => {
    try {
      return (await client.query(statement.text, statement.values.map(postgresValue))).rows as Row[];
    } catch (error) {
      throw readFailure(error, statement, budgetMs);
    }
  };
  /** `work` in one transaction; `setUp` is sent with its BEGIN, in the same round trip. */
  const transaction = async <T>(setUp: string, work: (tx: WriteTransaction) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query(`BEGIN; ${setUp}`);
      const result = await work({
        query: (statement) => run(client, statement),
        async execute(statement) {
          await run(client, statement);
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
  };
  /**
   * One statement in a transaction of its own whose statement_timeout is the budget, sent whole at
   * once: its BEGIN, the statement and its COMMIT. A statement cut by the budget aborts the
   * transaction, which the COMMIT then rolls back; the connection goes back to the pool only once
   * all three are answered. A statement without parameters goes with them in one message (the
   * simple protocol), which costs both sides less than three queries; a failure there ends the
   * message inside the aborted transaction, which is then rolled back.
   */
  const budgetedRead = async <Row>(statement: Sql, budgetMs: number): Promise<Row[]> => {
    const client = await pool.connect();
    // The store's reads are index walks and counts whose plans cost past jit_above_cost at a
    // million transcripts: compiling them takes longer than running them.
    const setUp = `BEGIN; SET LOCAL statement_timeout = ${budgetMs}; SET LOCAL jit = off`;
    try {
      if (statement.values.length === 0) {
        try {
          // The statement on lines of its own, so that nothing it ends with can swallow the COMMIT;
          // BEGIN and the two SETs answer first.
          const results = (await client.query(`${setUp};\n${statement.text}\n;COMMIT`)) as unknown as pg.QueryResult[];
          return results[3].rows as Row[];
        } catch (error) {
          await client.query("ROLLBACK").catch(() => undefined);
          throw readFailure(error, statement, budgetMs);
        }
      }
      const outcomes = await Promise.allSettled([client.query(setUp), run<Row>(client, statement, budgetMs), client.query("COMMIT")]);
      const failure = outcomes.find((outcome) => outcome.status === "rejected");
      if (failure) throw failure.reason;
      return (outcomes[1] as PromiseFulfilledResult<Row[]>).value;
    } finally {
      client.release();
    }
  };
  return {
    prisma,
    read(statement) {
      const budgetMs = readBudgetMs();
      return budgetMs === 0 ? run(pool, statement) : budgetedRead(statement, budgetMs);
    },
    // A write, and its wait for the lock, run without a time budget: a batch cut halfway would be
    // lost whole.
    write: (work) =>
      transaction("SET LOCAL statement_timeout = 0", async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${int(WRITE_LOCK_ID)})`);
        return work(tx);
      }),
    async execute(statement) {
      await run(pool, statement);
    },
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
