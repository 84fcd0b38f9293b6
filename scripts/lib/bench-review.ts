// The review filters' rows of the benchmark: each list filter alone, "needs attention +
// tag + 90 days" and "thumbs-down + search", at the benchmark's scale. Review state is written into
// the benchmark database once (set-based, spread over the sort keys' low bits):
//   needs attention 2 %, reviewed 10 %, assigned to the benchmark user 4 %, tag 1 on 5 %, tag 2 on
//   1 %, tag 3 on 0.1 %, a note on 0.5 %, thumbs-down on 1 %, thumbs-up on 1.9 % of the transcripts.
// scripts/bench.ts adds the rows over HTTP (addReviewRows); run alone, it times the list route
// handler in one process, without HTTP, for these rows and the insight filters' that share the
// filtered path (--only keeps the rows whose name holds one of its comma-separated parts):
//   DATABASE_URL=... tsx --conditions=react-server scripts/lib/bench-review.ts [--iterations N] [--email E] [--only A,B]
import { tsx } from "./bench-setup";
import { DAY_MS } from "../../lib/transcripts/time-buckets";

export const REVIEW_BENCH_TAGS = ["bench-tag-1", "bench-tag-2", "bench-tag-3"];

/** The review rows: [name, list query without range, days of its range]. */
export function reviewBenchQueries(): [name: string, query: string, days: number][] {
  const [tag1, tag2] = REVIEW_BENCH_TAGS;
  return [
    ["needs attention + tag + 90 days", `status=needs_attention&tag=${tag1}`, 90],
    ["thumbs-down + search", "feedback=down&search=refund", 30],
    ["status needs attention", "status=needs_attention", 30],
    ["status reviewed", "status=reviewed", 30],
    ["status unreviewed", "status=unreviewed", 30],
    ["one tag", `tag=${tag1}`, 30],
    ["either of two tags", `tag=${tag1}&tag=${tag2}`, 30],
    ["assigned to me", "assignee=me", 30],
    ["assigned to nobody", "assignee=none", 30],
    ["thumbs-down", "feedback=down", 30],
    ["thumbs-up", "feedback=up", 30],
    ["any rating", "feedback=any", 30],
    ["no rating", "feedback=none", 30],
    ["with notes", "hasNotes=true", 30],
    ["without notes", "hasNotes=false", 30],
    ["unreviewed + search", "status=unreviewed&search=refund", 30],
    ["unreviewed + no rating + 90 days", "status=unreviewed&feedback=none", 90],
  ];
}

/**
 * The insight filters' rows: scripts/bench.ts adds them (with the most asked question group's, which
 * depends on the data), and this script times them beside the review rows when run alone.
 */
export function insightBenchQueries(): [name: string, query: string, days: number][] {
  return [
    ["signal fallback", "signal=fallback", 30],
    ["signal handoff", "signal=handoff", 90],
    ["device mobile", "device=mobile", 30],
    ["browser unknown", "browser=unknown", 30],
    ["hour 14 (America/New_York)", "hour=14&tz=America%2FNew_York", 30],
    ["fallback + device tablet", "signal=fallback&device=tablet", 90],
  ];
}

/**
 * The hook of scripts/bench.ts: writes the review state (once) for the benchmark user, then adds a
 * list row per review query, page 1, limit 20, against the list target.
 */
export function addReviewRows(options: {
  databaseUrl: string;
  email: string;
  range: (days: number) => string;
  add: (name: string, kind: "list", paths: string[], target?: number) => void;
  target: number;
}): void {
  const seeded = tsx("scripts/lib/bench-review.ts", ["--seed-only", "--email", options.email], { DATABASE_URL: options.databaseUrl });
  if (seeded.code !== 0) throw new Error(`review state failed:\n${seeded.output}`);
  for (const [name, query, days] of reviewBenchQueries()) {
    options.add(
      `review filter: ${name}, ${days} days, page 1`,
      "list",
      [`/api/transcripts?${options.range(days)}&page=1&limit=20&${query}`],
      options.target,
    );
  }
}

/** Writes the review state into DATABASE_URL unless it is there; set-based statements only. */
async function seedReviewState(userId: string): Promise<void> {
  const { databaseName } = await import("@/lib/server/store");
  const { sql, sqlText, storeRead, storeWrite, toNumber } = await import("@/lib/server/store/for-scripts");
  const [{ n }] = await storeRead<{ n: unknown }>(sql`SELECT count(*) AS "n" FROM "Tag" WHERE "id" = ${REVIEW_BENCH_TAGS[0]}`);
  if (toNumber(n) > 0) return;
  const now = new Date();
  const started = Date.now();
  await storeWrite(async (tx) => {
    for (const [index, id] of REVIEW_BENCH_TAGS.entries())
      await tx.execute(
        sql`INSERT INTO "Tag" ("id", "name", "color", "createdAt") VALUES (${id}, ${`Bench tag ${index + 1}`}, '#336699', ${now})`,
      );
    const k = sql`"sortKey"`;
    await tx.execute(sql`INSERT INTO "TranscriptReview" ("sortKey", "status", "assigneeId", "updatedById", "updatedAt")
      SELECT ${k}, CASE WHEN ${k} % 50 = 0 THEN 'needs_attention' WHEN ${k} % 10 = 1 THEN 'reviewed' ELSE 'unreviewed' END,
        CASE WHEN ${k} % 50 IN (0, 7) THEN ${userId} END, ${userId}, ${now}
      FROM "Transcript" WHERE ${k} % 50 IN (0, 7) OR ${k} % 10 = 1`);
    // Moduli prime to each other and to the statuses', so that the sets overlap as chance has it.
    for (const [tagId, modulo, rest] of [
      [REVIEW_BENCH_TAGS[0], 19, 3],
      [REVIEW_BENCH_TAGS[1], 97, 13],
      [REVIEW_BENCH_TAGS[2], 997, 17],
    ] as const)
      await tx.execute(
        sql`INSERT INTO "TranscriptTag" ("tagId", "sortKey", "createdAt") SELECT ${tagId}, ${k}, ${now} FROM "Transcript" WHERE ${k} % ${sqlText(String(modulo))} = ${sqlText(String(rest))}`,
      );
    await tx.execute(sql`INSERT INTO "TranscriptNote" ("id", "sortKey", "authorId", "body", "createdAt", "updatedAt")
      SELECT 'bench-note-' || "id", ${k}, ${userId}, 'Checked by the benchmark.', ${now}, ${now} FROM "Transcript" WHERE ${k} % 199 = 9`);
    for (const [type, messageIndex, modulo, rest] of [
      ["thumbs_down", 1, 101, 21],
      ["thumbs_up", 3, 53, 33],
    ] as const)
      await tx.execute(sql`INSERT INTO "Feedback" ("id", "userId", "transcriptId", "messageIndex", "feedbackType", "reviewStatus", "createdAt", "updatedAt")
        SELECT ${`bench-${type}-`} || "id", ${userId}, "id", ${messageIndex}, ${type}, 'pending', ${now}, ${now}
        FROM "Transcript" WHERE ${k} % ${sqlText(String(modulo))} = ${sqlText(String(rest))}`);
  });
  if (databaseName() === "sqlite") {
    await storeWrite((tx) => tx.execute(sqlText("ANALYZE")));
  } else {
    // VACUUM runs outside a transaction; it also sets the visibility map that index-only scans need.
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query('VACUUM (ANALYZE) "TranscriptReview", "TranscriptTag", "TranscriptNote", "TranscriptRating", "Feedback", "Tag"');
    await client.end();
  }
  console.log(`review state written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** p50 and p95 of the whole list route handler per filter query, one call after another. */
async function timeQueries(token: string, iterations: number, only: string[]): Promise<void> {
  const { NextRequest } = await import("next/server");
  const { GET: listRoute } = await import("@/app/api/transcripts/route");
  const now = Date.now();
  const rows = [
    ...reviewBenchQueries().map(([name, query, days]) => [`review filter: ${name}`, query, days] as const),
    ...insightBenchQueries().map(([name, query, days]) => [`insight filter: ${name}`, query, days] as const),
  ].filter(([name]) => only.length === 0 || only.some((part) => name.includes(part)));
  console.log("| filter | total | p50 ms | p95 ms |\n|---|---|---|---|");
  for (const [name, query, days] of rows) {
    const url = `http://127.0.0.1/api/transcripts?startTime=${new Date(now - days * DAY_MS).toISOString()}&endTime=${new Date(now).toISOString()}&page=1&limit=20&${query}`;
    const call = async () => {
      const res = await listRoute(new NextRequest(url, { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({}) });
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { total: number };
    };
    const { total } = await call();
    const spent: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const started = process.hrtime.bigint();
      await call();
      spent.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    spent.sort((a, b) => a - b);
    const at = (share: number) => spent[Math.min(spent.length - 1, Math.floor(spent.length * share))].toFixed(1);
    console.log(`| ${name}, ${days} days | ${total.toLocaleString("en-US")} | ${at(0.5)} | ${at(0.95)} |`);
  }
}

/** Times bulk actions over the reviewed transcripts of 90 days (about 100,000): assign them to the user, then nobody. */
async function timeBulk(userId: string): Promise<void> {
  const { applyBulkReview, listTranscripts } = await import("@/lib/server/store");
  const now = Date.now();
  const query = {
    startTime: new Date(now - 90 * DAY_MS),
    endTime: new Date(now),
    search: null,
    sessionId: null,
    status: "reviewed" as const,
  };
  for (const action of [
    { assigneeId: userId },
    { assigneeId: null },
    { addTagIds: [REVIEW_BENCH_TAGS[2]] },
    { removeTagIds: [REVIEW_BENCH_TAGS[2]] },
  ]) {
    const { total } = await listTranscripts({ ...query, page: 1, limit: 1 }, { userId });
    const started = Date.now();
    const result = await applyBulkReview(query, { userId }, action, total);
    console.log(
      `bulk ${JSON.stringify(action)} over ${result.matched.toLocaleString("en-US")} transcripts (${result.changed.toLocaleString("en-US")} changed): ${((Date.now() - started) / 1000).toFixed(2)} s`,
    );
  }
}

async function main(): Promise<void> {
  const { readCommandLine, wholeNumber } = await import("./command-line");
  const usage =
    "Usage: DATABASE_URL=... tsx --conditions=react-server scripts/lib/bench-review.ts [--iterations N] [--email E] [--only A,B] [--seed-only] [--bulk] [--bulk-only]";
  const { values } = readCommandLine(
    {
      options: {
        iterations: { type: "string" },
        email: { type: "string" },
        only: { type: "string" },
        "seed-only": { type: "boolean" },
        bulk: { type: "boolean" },
        "bulk-only": { type: "boolean" },
      },
    },
    usage,
  );
  const iterations = wholeNumber("iterations", values.iterations, 50, { min: 5, max: 100_000 }, usage);
  const email = values.email ?? "review-bench@example.com";
  // A named user is the caller's, signed in already: provisioning it again would change its
  // password and so end its sessions.
  if (values.email === undefined) {
    const { provisionUser } = await import("./bench-setup");
    provisionUser(process.env.DATABASE_URL!, email, "review-bench-password-123");
  }
  const { db } = await import("@/lib/server/db");
  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true, isAdmin: true } });
  await seedReviewState(user.id);
  if (!values["seed-only"]) {
    const { issueSessionToken } = await import("@/lib/server/auth/session");
    if (!values["bulk-only"]) {
      const only = (values.only ?? "").split(",").filter((part) => part !== "");
      await timeQueries(await issueSessionToken(user), iterations, only);
    }
    if (values.bulk || values["bulk-only"]) await timeBulk(user.id);
  }
  await db.$disconnect();
  process.exit(0);
}

if (process.argv[1]?.endsWith("bench-review.ts")) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
