// The store's reads leave the server's thread free while the database works: on PostgreSQL the
// server does the work, on SQLite a worker thread's connection does (lib/server/store/sqlite/readers.ts).
import { setImmediate as nextTurnOfEventLoop } from "node:timers/promises";
import pg from "pg";
import { sql } from "@/lib/server/store/sql";
import { db } from "@/lib/server/db";
import { closeStore, READ_TIMEOUT_CODE } from "@/lib/server/store";
import { storeRead, storeWrite } from "@/lib/server/store/active-database";
import { describeOn, itOn } from "../helpers/database-provider";
import { storeTranscripts } from "./transcripts-test-data";

/** A read that keeps the database busy for a while (a million rows counted one by one). */
const slowCount = sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000) SELECT count(*) AS c FROM n`;

describe("store reads", () => {
  it("let the event loop turn while the database works", async () => {
    let done = false;
    const read = storeRead<{ c: unknown }>(slowCount).finally(() => {
      done = true;
    });
    let turns = 0;
    while (!done) {
      await nextTurnOfEventLoop();
      turns += 1;
    }
    expect(Number((await read)[0].c)).toBe(1_000_000);
    // A read on this thread would let at most one turn pass before it answered.
    expect(turns).toBeGreaterThan(10);
  });

  it("answer each of many concurrent reads with its own rows", async () => {
    const values = Array.from({ length: 60 }, (_, index) => index);
    const answers = await Promise.all(values.map((value) => storeRead<{ v: unknown }>(sql`SELECT CAST(${value} AS INTEGER) AS v`)));
    expect(answers.map((rows) => Number(rows[0].v))).toEqual(values);
  });

  it("reject a failing read with the driver's message and code, and go on serving", async () => {
    const failure = await storeRead(sql`SELECT * FROM "NoSuchTable"`).catch((error: unknown) => error);
    expect(failure).toMatchObject({ message: expect.stringMatching(/NoSuchTable/i), code: expect.any(String) });
    expect(await storeRead<{ v: unknown }>(sql`SELECT 1 AS v`)).toEqual([{ v: 1 }]);
  });

  it("see a transaction's writes once it has committed, and not before", async () => {
    await storeWrite(async (tx) => {
      await tx.execute(sql`CREATE TABLE "ReadAfterCommit" (id INTEGER PRIMARY KEY)`);
    });
    let seenInside: unknown[] = [];
    await storeWrite(async (tx) => {
      await tx.execute(sql`INSERT INTO "ReadAfterCommit" (id) VALUES (1)`);
      seenInside = await storeRead(sql`SELECT id FROM "ReadAfterCommit"`);
    });
    expect(seenInside).toEqual([]);
    expect((await storeRead<{ id: unknown }>(sql`SELECT id FROM "ReadAfterCommit"`)).map((row) => Number(row.id))).toEqual([1]);
  });

  itOn("postgres")("compress large values with lz4 on PostgreSQL", async () => {
    await storeTranscripts([
      {
        id: "large-dialog",
        createdAt: "2025-05-02T10:00:00.000Z",
        turns: Array.from({ length: 40 }, (_, index) => `Answer ${index}: ${"details ".repeat(40)}`),
      },
    ]);
    const [row] = await storeRead<{ method: string | null; bytes: number }>(
      sql`SELECT pg_column_compression("source") AS "method", octet_length("source") AS "bytes" FROM "Transcript" WHERE "id" = 'large-dialog'`,
    );
    expect(row.bytes).toBeGreaterThan(4000);
    expect(row.method).toBe("lz4");
  });

  itOn("postgres")(
    "give a read its time budget for its own transaction only, which Prisma's queries on the same connections never see",
    async () => {
      process.env.QUERY_TIMEOUT_MS = "2500";
      try {
        const reads = await Promise.all(
          [1, 2, 3].map(() => storeRead<{ budget: string }>(sql`SELECT current_setting('statement_timeout') AS "budget"`)),
        );
        expect(reads.map(([row]) => row.budget)).toEqual(["2500ms", "2500ms", "2500ms"]);
        const sessions = await Promise.all(
          [1, 2, 3].map(() => db.$queryRaw<{ budget: string }[]>`SELECT current_setting('statement_timeout') AS "budget"`),
        );
        expect(sessions.map(([row]) => row.budget)).toEqual(["0", "0", "0"]);
      } finally {
        process.env.QUERY_TIMEOUT_MS = "0";
      }
    },
  );
});

describeOn("postgres")("a read cut by its budget", () => {
  it("answers a read timeout, with or without parameters, and leaves every connection fit for the next read", async () => {
    process.env.QUERY_TIMEOUT_MS = "100";
    try {
      for (const statement of [sql`SELECT pg_sleep(1) AS "slept"`, sql`SELECT pg_sleep(${1}) AS "slept"`]) {
        const failures = await Promise.all(Array.from({ length: 12 }, () => storeRead(statement).catch((error: unknown) => error)));
        for (const failure of failures) expect(failure).toMatchObject({ code: READ_TIMEOUT_CODE });
      }
    } finally {
      process.env.QUERY_TIMEOUT_MS = "0";
    }
    // More reads at once than the pool has connections: each answers as if nothing had failed on it.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => storeRead<{ v: unknown }>(sql`SELECT ${index}::integer AS "v"`)),
    );
    expect(answers.map(([row]) => Number(row.v))).toEqual(Array.from({ length: 30 }, (_, index) => index));
    const plain = await Promise.all(Array.from({ length: 30 }, () => storeRead<{ v: unknown }>(sql`SELECT 7 AS "v"`)));
    expect(plain.map(([row]) => Number(row.v))).toEqual(Array(30).fill(7));
  });
});

describeOn("postgres")("one pool per database", () => {
  afterEach(async () => {
    delete process.env.DATABASE_POOL_SIZE;
    await closeStore();
  });

  it("keeps Prisma's queries and the store's within DATABASE_POOL_SIZE connections", async () => {
    await closeStore();
    process.env.DATABASE_POOL_SIZE = "3";
    const busy = Array.from({ length: 6 }, () => [
      storeRead(sql`SELECT 1 AS "v" FROM pg_sleep(0.2)`),
      db.$queryRaw`SELECT 1 AS "v" FROM pg_sleep(0.2)`,
    ]).flat();
    let isBusy = true;
    const done = Promise.all(busy).finally(() => (isBusy = false));
    // Counted while the calls run, however long they take here, and once after them (the pool keeps
    // its connections open for a while when idle): the pool opens one for each waiting call up to its size.
    const observer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await observer.connect();
    const counts: number[] = [];
    try {
      const count = async () => {
        const { rows } = await observer.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        );
        counts.push(Number(rows[0].n));
      };
      while (isBusy) await count();
      await done;
      await count();
    } finally {
      await observer.end();
    }
    expect(Math.max(...counts)).toBe(3);
  });
});
