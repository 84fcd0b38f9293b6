// What a budgeted read's shape costs the server and PostgreSQL (lib/server/store/postgres/connection.ts):
// its BEGIN with the budget, the statement and its COMMIT as three pipelined queries, the same with
// the socket corked (one write), as one message of the simple protocol, and the statement alone
// without a budget. Eight reads at once on a pipelining pool, each shape in turn, three rounds:
//   tsx scripts/lib/bench-pg-reads.ts [--database-url URL] [--reads 4000]
import pg from "pg";
import type { Socket } from "node:net";
import { readCommandLine, wholeNumber } from "./command-line";

const SET_UP = "BEGIN; SET LOCAL statement_timeout = 3000; SET LOCAL jit = off";
/** A read of the kind every list makes: the day versions of a month. */
const STATEMENT = `SELECT "day", "version" FROM "TranscriptDayVersion" WHERE "day" BETWEEN 20390 AND 20420`;
const CONCURRENT_READS = 8;
const ROUNDS = 3;

async function main() {
  const usage = "Usage: tsx scripts/lib/bench-pg-reads.ts [--database-url URL] [--reads N]";
  const { values } = readCommandLine({ options: { "database-url": { type: "string" }, reads: { type: "string" } } }, usage);
  const url = values["database-url"] ?? "postgresql://postgres@127.0.0.1:5432/bench_portal";
  const reads = wholeNumber("reads", values.reads, 4000, { min: 100, max: 1_000_000 }, usage);
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENT_READS, pipeline: true } as pg.PoolConfig);
  const inTransaction = async (send: (client: pg.PoolClient) => Promise<unknown>) => {
    const client = await pool.connect();
    try {
      return await send(client);
    } finally {
      client.release();
    }
  };
  const shapes: Record<string, () => Promise<unknown>> = {
    "three queries": () => inTransaction((client) => Promise.all([client.query(SET_UP), client.query(STATEMENT), client.query("COMMIT")])),
    "three queries, corked": () =>
      inTransaction((client) => {
        const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
        socket.cork();
        const sent = Promise.all([client.query(SET_UP), client.query(STATEMENT), client.query("COMMIT")]);
        socket.uncork();
        return sent;
      }),
    "one message": () => inTransaction((client) => client.query(`${SET_UP};\n${STATEMENT}\n;COMMIT`)),
    "the statement alone": () => pool.query(STATEMENT),
  };
  console.log("| round | shape | reads/s | server CPU µs a read |\n|---:|---|---:|---:|");
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, read] of Object.entries(shapes)) {
      let started = 0;
      const cpuBefore = process.cpuUsage();
      const timeBefore = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENT_READS }, async () => {
          while (started < reads) {
            started += 1;
            await read();
          }
        }),
      );
      const cpu = process.cpuUsage(cpuBefore);
      const seconds = (performance.now() - timeBefore) / 1000;
      console.log(`| ${round} | ${name} | ${Math.round(reads / seconds)} | ${((cpu.user + cpu.system) / reads).toFixed(1)} |`);
    }
  }
  await pool.end();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
