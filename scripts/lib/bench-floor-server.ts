// The floor of the benchmark: a bare node:http server that answers the list call's SQL (the count
// from the rollup and page 1 of 20 of a 30-day range, exactly as listTranscripts builds them)
// through the same driver, with no framework, no session check and no validation. The portal's
// throughput is reported as a share of this one's.
import http from "node:http";
import Database from "better-sqlite3";
import pg from "pg";
import { slotCountsSql } from "@/lib/server/store/count-in-range";
import { pageOfKeysSql, plainKeySource } from "@/lib/server/store/key-source";
import { LIST_COLUMNS } from "@/lib/server/store/transcript-row";
import { sql } from "@/lib/server/store/sql";
import { isPostgresUrl } from "@/lib/database-url.mjs";

const url = process.env.DATABASE_URL!;
const port = Number(process.env.FLOOR_PORT);
const endMs = Number(process.env.FLOOR_END_MS);
const startMs = endMs - 30 * 86_400_000;

const noSearch = {
  contains: () => {
    throw new Error("The list call searches nothing");
  },
  withinBudget: () => null,
};
const keys = pageOfKeysSql(plainKeySource({ search: null, sessionId: null }, { startMs, endMs }, noSearch), {
  descending: true,
  limit: 20,
  offset: 0,
  scan: "range",
});
const countSql = sql`SELECT COALESCE(SUM("count"), 0) AS "n" FROM (${slotCountsSql(startMs, endMs)}) AS "slots"`;
const pageSql = sql`SELECT ${LIST_COLUMNS} FROM "Transcript" WHERE "sortKey" IN (SELECT "sortKey" FROM (${keys}) AS "page") ORDER BY "sortKey" DESC`;

let answer: () => Promise<unknown>;
if (isPostgresUrl(url)) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  answer = async () => {
    const [count, page] = await Promise.all([pool.query(countSql.text, countSql.values), pool.query(pageSql.text, pageSql.values)]);
    return { transcripts: page.rows, total: Number(count.rows[0].n) };
  };
} else {
  const database = new Database(url.replace(/^file:/, ""), { readonly: true });
  const count = database.prepare(countSql.sql);
  const page = database.prepare(pageSql.sql);
  answer = async () => ({ transcripts: page.all(pageSql.values), total: Number((count.get(countSql.values) as { n: number }).n) });
}

http
  .createServer((_req, res) => {
    answer().then(
      (body) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      },
      (error) => {
        res.writeHead(500);
        res.end(String(error));
      },
    );
  })
  .listen(port, "127.0.0.1", () => process.send?.("ready"));
