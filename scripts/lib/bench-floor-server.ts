// The floors of the benchmark: a bare node:http server with no framework, no session check and no
// validation, on the same database as the portal. It answers
// - the portal's own paths of the list and detail calls (/api/transcripts?..., /api/transcript/<id>)
//   through the store's functions, as the route handlers call them: the same SQL on the same
//   connections, so that the portal's throughput as a share of this one's is the share its own work
//   (Next.js, the session, zod, the JSON response) leaves to the store;
// - /list-sql: the list call's two statements (the count from the rollup and page 1 of 20 of a 30-day
//   range, as listTranscripts builds them) run directly on the driver, on this thread;
// - /constant: a constant JSON body, the cost of node:http itself.
import http from "node:http";
import Database from "better-sqlite3";
import pg from "pg";
import { getTranscript, listTranscripts } from "@/lib/server/store";
import {
  LIST_COLUMNS,
  LISTED_ANNOTATION_COLUMNS,
  LISTED_ANNOTATION_JOINS,
  pageOfKeysSql,
  plainKeySource,
  slotCountsSql,
  sql,
} from "@/lib/server/store/for-scripts";
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
const pageSql = sql`SELECT ${LIST_COLUMNS}, ${LISTED_ANNOTATION_COLUMNS} FROM "Transcript" t ${LISTED_ANNOTATION_JOINS}
  WHERE t."sortKey" IN (SELECT "sortKey" FROM (${keys}) AS "page") ORDER BY t."sortKey" DESC`;

let listSql: () => Promise<unknown>;
if (isPostgresUrl(url)) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  listSql = async () => {
    const [count, page] = await Promise.all([pool.query(countSql.text, countSql.values), pool.query(pageSql.text, pageSql.values)]);
    return { transcripts: page.rows, total: Number(count.rows[0].n) };
  };
} else {
  const database = new Database(url.replace(/^file:/, ""), { readonly: true });
  const count = database.prepare(countSql.sql);
  const page = database.prepare(pageSql.sql);
  listSql = async () => ({ transcripts: page.all(pageSql.values), total: Number((count.get(countSql.values) as { n: number }).n) });
}

/** The store call a path stands for, with its parameters taken as they come (the bench sends valid ones). */
function answerOf(path: string): () => Promise<unknown> {
  const url = new URL(path, "http://floor");
  if (url.pathname === "/constant") return async () => ({ ok: true });
  if (url.pathname === "/list-sql") return listSql;
  if (url.pathname.startsWith("/api/transcript/")) return () => getTranscript(decodeURIComponent(url.pathname.slice(16)));
  if (url.pathname === "/api/transcripts") {
    const param = url.searchParams;
    return () =>
      listTranscripts({
        startTime: new Date(param.get("startTime")!),
        endTime: new Date(param.get("endTime")!),
        page: Number(param.get("page") ?? 1),
        limit: Number(param.get("limit") ?? 20),
        search: param.get("search"),
        sessionId: param.get("sessionId"),
      });
  }
  return () => Promise.reject(new Error(`No floor for ${path}`));
}

http
  .createServer((req, res) => {
    answerOf(req.url ?? "/")().then(
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
