// `npm run load [-- --databases sqlite,postgres] [--instances 1,2] [--clients 200] [--seconds 60] [--skip-build] [--database-url URL] [--output FILE]`
// The load test: the production server on loopback, over the benchmark's databases (what
// `npm run bench` leaves behind: data/bench/bench.db and PostgreSQL bench_portal), under `clients`
// signed-in connections that each keep one request in flight for `seconds`, mixing list, search,
// detail, analytics and feedback writes by a seeded random (the same mix on every run). Prints per
// kind of request the count, errors, p50/p95/p99 and throughput, the CPU a request took of each
// process over the measured window, the server's peak memory, and checks in the database that every
// accepted feedback write was stored once; writes its own section of docs/benchmarks.md (below the
// part the benchmark rewrites). Exits 1 on any error.
// --database-url (file:... or postgresql://..., once per kind) replaces a benchmark database, for development.
// --instances 1,2 runs the load once per count given: 1 is one server alone; more are that many
// servers on the database behind nginx (scripts/lib/balancer.ts, installed when missing; PostgreSQL
// only, as SQLite is one server's database), with the CPU summed and the memory of the largest.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { turnRole, turnsOf } from "@/lib/transcripts/turns";
import { storedDialog } from "@/lib/transcripts/stored-source";
import {
  ANALYSIS_MARKER,
  BENCH_DIR,
  databaseKind,
  databaseSize,
  databaseVersion,
  DIST_DIR,
  logger,
  POSTGRES_DATABASE,
  postgresUrl,
  provisionUser,
  signIn,
  SQLITE_FILE,
  sqliteFileOf,
  withDatabase,
  type DatabaseKind,
} from "./lib/bench-setup";
import { cpuBetween, cpuTimes, describeCpuPerRequest, type CpuTimes } from "./lib/bench-cpu";
import { treeRssBytes, watchPeakRss } from "./lib/bench-memory";
import { buildProduction, ROOT, startNextServer, type RunningServer } from "./lib/next-server";
import { startBalancer } from "./lib/balancer";
import { formatCount } from "./lib/progress";
import { Random } from "./lib/random";
import { readCommandLine, usageError, wholeNumber } from "./lib/command-line";
import { DAY_MS } from "../lib/transcripts/time-buckets";
import { requestsAtOnceFor } from "@/lib/server/http/requests-at-once";

const USERS = 20;
const USER_PASSWORD = "load-password-123";
const userEmail = (index: number) => `load-${String(index + 1).padStart(2, "0")}@example.com`;
const DETAIL_SAMPLE = 1000;
/** Transcripts nobody has rated yet, whose bot messages the feedback writes rate. */
const FEEDBACK_SAMPLE = 2000;
const KINDS = ["list", "search", "detail", "analytics", "feedback"] as const;
type Kind = (typeof KINDS)[number];
const MIX: [Kind, number][] = [
  ["list", 35],
  ["search", 20],
  ["detail", 25],
  ["analytics", 10],
  ["feedback", 10],
];
const SEARCH_WORDS = ["refund", "password", "order", "delivery", "nw-5"];
const COMMENTS = ["Helpful, thanks", "Wrong order number", "Did not answer the question", "The link is broken"];
/** The longest wait for every client's first answer before the measured window opens anyway. */
const WARM_UP_LIMIT_SECONDS = 60;
const SECTION_BEGIN = "<!-- load:begin (written by npm run load, scripts/load.ts: rerunning it replaces this section) -->";
const SECTION_END = "<!-- load:end -->";
const log = logger("load");

interface Options {
  databases: DatabaseKind[];
  instances: number[];
  clients: number;
  seconds: number;
  skipBuild: boolean;
  urls: Partial<Record<DatabaseKind, string>>;
  output: string;
}

const USAGE =
  "Usage: npm run load -- [--databases sqlite,postgres] [--instances 1,2] [--clients 200] [--seconds 60] [--skip-build] [--database-url URL]... [--output FILE]";

function readOptions(): Options {
  const { values } = readCommandLine(
    {
      options: {
        databases: { type: "string" },
        instances: { type: "string" },
        clients: { type: "string" },
        seconds: { type: "string" },
        "skip-build": { type: "boolean", default: false },
        "database-url": { type: "string", multiple: true, default: [] },
        output: { type: "string" },
      },
    },
    USAGE,
  );
  const urls: Options["urls"] = {};
  for (const url of values["database-url"]) urls[databaseKind(url)] = url;
  // With development databases given, only those are loaded unless --databases says otherwise.
  const databases = values.databases?.split(",") ?? (Object.keys(urls).length > 0 ? Object.keys(urls) : ["sqlite", "postgres"]);
  for (const database of databases) if (database !== "sqlite" && database !== "postgres") usageError(`Unknown database ${database}`, USAGE);
  const instances = (values.instances ?? "1").split(",").map((count) => wholeNumber("instances", count, 1, { min: 1, max: 16 }, USAGE));
  if (instances.some((count) => count > 1) && databases.includes("sqlite"))
    usageError("Several instances share a PostgreSQL database: add --databases postgres", USAGE);
  return {
    databases: databases as DatabaseKind[],
    instances,
    clients: wholeNumber("clients", values.clients, 200, { min: 1, max: 10_000 }, USAGE),
    seconds: wholeNumber("seconds", values.seconds, 60, { min: 1, max: 3600 }, USAGE),
    skipBuild: values["skip-build"],
    urls,
    output: values.output === undefined ? path.join(ROOT, "docs", "benchmarks.md") : path.resolve(values.output),
  };
}

interface FeedbackTarget {
  transcriptId: string;
  messageIndex: number;
}

interface DatabaseFacts {
  version: string;
  transcripts: number;
  feedbackRows: number;
  detailIds: string[];
  feedbackTargets: FeedbackTarget[];
}

const REFUSAL = (database: DatabaseKind, url: string, reason: string) =>
  `No benchmark database to load on ${database} (${url}): ${reason}.\n` +
  "Run `npm run bench` first (it leaves data/bench/bench.db and PostgreSQL bench_portal behind), or seed that database: " +
  `\`DATABASE_URL=${url} npm run db:migrate && DATABASE_URL=${url} npm run seed -- --transcripts 1000000 --days 90 --seed bench\`.`;

const countRows = (url: string, table: string) =>
  withDatabase(url, async (query) => Number((await query<{ n: number | string }>(`SELECT count(*) AS n FROM "${table}"`))[0].n));

const databaseUrl = (database: DatabaseKind, options: Options) =>
  options.urls[database] ?? (database === "sqlite" ? `file:${SQLITE_FILE}` : postgresUrl(POSTGRES_DATABASE));

/** How many transcripts the database holds; refuses clearly when it is missing or empty. */
async function countTranscripts(database: DatabaseKind, url: string): Promise<number> {
  if (database === "sqlite" && !existsSync(sqliteFileOf(url))) throw new Error(REFUSAL(database, url, "the file does not exist"));
  const transcripts = await countRows(url, "Transcript").catch((error: Error) => {
    throw new Error(REFUSAL(database, url, error.message));
  });
  if (transcripts === 0) throw new Error(REFUSAL(database, url, "it holds no transcripts"));
  return transcripts;
}

/** Reads what the run needs from the database. */
async function readFacts(database: DatabaseKind, url: string): Promise<DatabaseFacts> {
  const transcripts = await countTranscripts(database, url);
  const feedbackRows = await countRows(url, "Feedback");
  return withDatabase(url, async (query) => {
    const version = await databaseVersion(query, database);
    // A fixed slice of the id order (wrapping round): ids are random, so it is spread over the whole time range, and the same on every run.
    const slice = (where: string) =>
      query<{ id: string }>(`SELECT "id" FROM "Transcript" WHERE "id" ${where} $1 ORDER BY "id" LIMIT ${DETAIL_SAMPLE}`, ["8"]);
    const detailIds = [...(await slice(">=")), ...(await slice("<"))].slice(0, DETAIL_SAMPLE).map((row) => row.id);
    const unrated = await query<{ id: string; sessionId: string; source: string }>(
      `SELECT t."id", t."sessionId", t."source" FROM "Transcript" t WHERE NOT EXISTS (SELECT 1 FROM "Feedback" f WHERE f."transcriptId" = t."id") ORDER BY t."id" LIMIT ${FEEDBACK_SAMPLE}`,
    );
    const feedbackTargets = unrated.flatMap((row) =>
      turnsOf(storedDialog(row.source, row)).flatMap((turn, messageIndex) =>
        turnRole(turn) === "bot" ? [{ transcriptId: row.id, messageIndex }] : [],
      ),
    );
    return { version, transcripts, feedbackRows, detailIds, feedbackTargets };
  });
}

/** The load users that exist, approved and active, from an earlier run; the others are provisioned. */
async function provisionUsers(url: string): Promise<void> {
  const ready = new Set(
    await withDatabase(url, async (query) =>
      (
        await query<{ email: string }>(`SELECT "email" FROM "User" WHERE "email" LIKE 'load-%@example.com' AND "approved" AND "isActive"`)
      ).map((row) => row.email),
    ),
  );
  const missing = Array.from({ length: USERS }, (_, index) => userEmail(index)).filter((email) => !ready.has(email));
  if (missing.length > 0) log(`provisioning ${missing.length} approved users (${missing[0]} ...) with scripts/user-create.ts`);
  for (const email of missing) provisionUser(url, email, USER_PASSWORD);
}

/** One bearer token per client: client i is user i mod USERS, signed in through the real login. */
async function signInClients(baseUrl: string, clients: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < clients; start += 4) {
    const batch = Array.from({ length: Math.min(4, clients - start) }, (_, offset) =>
      signIn(baseUrl, userEmail((start + offset) % USERS), USER_PASSWORD),
    );
    tokens.push(...(await Promise.all(batch)));
  }
  return tokens;
}

interface Call {
  kind: Kind;
  method: "GET" | "POST";
  path: string;
  body?: string;
  feedbackKey?: string;
}

interface Plan {
  now: number;
  listTotal: number;
  searchTotals: Record<string, number>;
  detailIds: string[];
  feedbackTargets: FeedbackTarget[];
}

const rangeQuery = (now: number, days: number) =>
  `startTime=${new Date(now - days * DAY_MS).toISOString()}&endTime=${new Date(now).toISOString()}`;
const feedbackKey = (email: string, target: FeedbackTarget) => `${email} ${target.transcriptId} ${target.messageIndex}`;

/** The seeded request mix: the same sequence of calls on every run over the same database. */
function requestMix(plan: Plan): (user: number) => Call {
  const random = new Random("load");
  const rated = new Array<number>(USERS).fill(0);
  const range30 = rangeQuery(plan.now, 30);
  // Mostly the first pages, sometimes any page down to the last.
  const page = (total: number, limit: number) => {
    const last = Math.max(1, Math.ceil(total / limit));
    return random.chance(0.8) ? random.int(1, Math.min(5, last)) : random.int(1, last);
  };
  const listCall = (kind: "list" | "search", total: number, search = ""): Call => {
    const limit = random.chance(0.75) ? 20 : 100;
    return {
      kind,
      method: "GET",
      path: `/api/transcripts?${range30}&page=${page(total, limit)}&limit=${limit}${search && `&search=${encodeURIComponent(search)}`}`,
    };
  };
  return function next(user) {
    const kind = random.weighted(MIX);
    if (kind === "list") return listCall("list", plan.listTotal);
    if (kind === "search") {
      const word = random.pick(SEARCH_WORDS);
      return listCall("search", plan.searchTotals[word], word);
    }
    if (kind === "analytics")
      return { kind, method: "GET", path: `/api/analytics?${rangeQuery(plan.now, random.pick([7, 30, 90]))}&tz=America%2FNew_York` };
    // Each user rates the sampled bot messages in turn from an offset of its own, so no write repeats another.
    const targets = plan.feedbackTargets;
    const target =
      kind === "feedback" && rated[user] < targets.length
        ? targets[(user * Math.ceil(targets.length / USERS) + rated[user]++) % targets.length]
        : undefined;
    // A detail read, or a feedback write once this user has rated every sampled message.
    if (!target) return { kind: "detail", method: "GET", path: `/api/transcript/${encodeURIComponent(random.pick(plan.detailIds))}` };
    const rating = {
      ...target,
      feedbackType: random.pick(["thumbs_up", "thumbs_down"]),
      comment: random.chance(0.3) ? random.pick(COMMENTS) : undefined,
    };
    return { kind, method: "POST", path: "/api/feedback", body: JSON.stringify(rating), feedbackKey: feedbackKey(userEmail(user), target) };
  };
}

/** One connection's state; autocannon deep-copies the request template, so each connection has its own. */
interface Connection {
  token?: string;
  user: number;
  call?: Call;
  sentAt: number;
  pending: boolean;
  answered: boolean;
}

interface KindStats {
  /** Answers received in the measured window. */
  answered: number;
  /** Of the requests sent in the measured window. */
  latencies: number[];
  /** Errors count over the whole run, warm-up included. */
  failures: number;
  /** Sent but never answered: timed out, or the connection failed. */
  lost: number;
  samples: string[];
}

interface RunResult {
  /** The measured window. */
  seconds: number;
  /** Until every client had its first answer (or WARM_UP_LIMIT_SECONDS). */
  warmUpSeconds: number;
  /** Clients answered at least once when the measured window opened. */
  clientsAnswered: number;
  stats: Record<Kind, KindStats>;
  timeouts: number;
  socketErrors: number;
  acceptedFeedback: Set<string>;
  /** Feedback writes still in flight when the run stopped: the server may or may not have stored them. */
  inFlightFeedback: Set<string>;
  /** CPU used in the measured window. */
  cpu: CpuTimes;
}

/**
 * Runs the mix on `clients` connections. Every client's first request arrives at once, at a server
 * whose caches are empty (search totals, the database's pages), so latencies count only from when
 * every client has had a first answer: the warm-up, whose length is reported. Errors count from the start.
 */
/** The CPU of every instance's process (summed), with the database's and the machine's counted once. */
function instancesCpu(serverPids: number[]): CpuTimes {
  const [first, ...others] = serverPids.map((pid) => cpuTimes(pid));
  return { ...first, server: first.server + others.reduce((sum, times) => sum + times.server, 0) };
}

async function runMix(baseUrl: string, serverPids: number[], tokens: string[], plan: Plan, options: Options): Promise<RunResult> {
  const next = requestMix(plan);
  let cpuAtOpen: CpuTimes | undefined;
  let cpuAtClose: CpuTimes | undefined;
  const started = performance.now();
  let windowOpened = Infinity;
  let windowClosed = Infinity;
  let clientsAnswered = 0;
  let clientsAnsweredAtWindow = 0;
  const openWindow = () => {
    if (windowOpened !== Infinity) return;
    windowOpened = performance.now();
    cpuAtOpen = instancesCpu(serverPids);
    clientsAnsweredAtWindow = clientsAnswered;
    setTimeout(() => {
      windowClosed = performance.now();
      cpuAtClose = instancesCpu(serverPids);
      instance.stop();
    }, options.seconds * 1000);
  };
  const stats = Object.fromEntries(
    KINDS.map((kind) => [kind, { answered: 0, latencies: [], failures: 0, lost: 0, samples: [] } as KindStats]),
  ) as Record<Kind, KindStats>;
  const connections: Connection[] = [];
  const acceptedFeedback = new Set<string>();
  const template = {
    method: "GET",
    connection: { user: 0, sentAt: 0, pending: false, answered: false } as Connection,
    setupRequest(request: { path: string; [key: string]: unknown }) {
      const connection = request.connection as Connection;
      if (connection.token === undefined) {
        connection.token = tokens[connections.length % tokens.length];
        connection.user = connections.length % USERS;
        connections.push(connection);
      }
      if (connection.pending && connection.call) stats[connection.call.kind].lost += 1;
      const call = next(connection.user);
      Object.assign(connection, { call, pending: true, sentAt: performance.now() });
      const headers: Record<string, string> = {
        ...(request.headers as Record<string, string>),
        authorization: `Bearer ${connection.token}`,
      };
      if (call.body) headers["content-type"] = "application/json";
      return { ...request, method: call.method, path: call.path, body: call.body ?? "", headers };
    },
    // Called as a method of this connection's copy of the template, with the whole response.
    onResponse(this: { connection: Connection }, status: number, body: string) {
      const { connection } = this;
      const call = connection.call!;
      const kind = stats[call.kind];
      const now = performance.now();
      connection.pending = false;
      if (connection.sentAt >= windowOpened) kind.latencies.push(now - connection.sentAt);
      if (now >= windowOpened && now <= windowClosed) kind.answered += 1;
      if (!connection.answered) {
        connection.answered = true;
        if (++clientsAnswered === options.clients) openWindow();
      }
      if (status >= 200 && status < 300) {
        if (call.feedbackKey) acceptedFeedback.add(call.feedbackKey);
      } else {
        kind.failures += 1;
        if (kind.samples.length < 3) kind.samples.push(`${call.method} ${call.path} -> ${status} ${body.slice(0, 300)}`);
      }
    },
  };
  const instance = autocannon({
    url: baseUrl,
    connections: options.clients,
    duration: WARM_UP_LIMIT_SECONDS + options.seconds + 5,
    timeout: 30,
    requests: [template],
  });
  const warmUpLimit = setTimeout(openWindow, WARM_UP_LIMIT_SECONDS * 1000);
  const result = await instance;
  clearTimeout(warmUpLimit);
  const inFlightFeedback = new Set(connections.filter((c) => c.pending && c.call?.feedbackKey).map((c) => c.call!.feedbackKey!));
  return {
    seconds: (Math.min(windowClosed, performance.now()) - windowOpened) / 1000,
    warmUpSeconds: (windowOpened - started) / 1000,
    clientsAnswered: clientsAnsweredAtWindow,
    stats,
    timeouts: result.timeouts,
    socketErrors: result.errors - result.timeouts,
    acceptedFeedback,
    inFlightFeedback,
    cpu: cpuBetween(cpuAtOpen!, cpuAtClose ?? instancesCpu(serverPids)),
  };
}

/** The feedback rows of the load users on this run's transcripts, once the server has finished writing. */
async function storedFeedback(url: string, targets: FeedbackTarget[]): Promise<{ rows: number; keys: Set<string> }> {
  const sample = new Set(targets.map((target) => target.transcriptId));
  const read = async () => ({
    rows: await countRows(url, "Feedback"),
    found: await withDatabase(url, (query) =>
      query<{ email: string; transcriptId: string; messageIndex: number }>(
        `SELECT u."email", f."transcriptId", f."messageIndex" FROM "Feedback" f JOIN "User" u ON u."id" = f."userId" WHERE u."email" LIKE 'load-%@example.com'`,
      ),
    ),
  });
  // Requests cut off by the end of the run may still be writing: wait until the count holds still.
  let previous = await read();
  for (let waited = 0; waited < 30_000; waited += 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const current = await read();
    if (current.rows === previous.rows) break;
    previous = current;
  }
  const keys = new Set(
    previous.found
      .filter((row) => sample.has(row.transcriptId))
      .map((row) => feedbackKey(row.email, { transcriptId: row.transcriptId, messageIndex: Number(row.messageIndex) })),
  );
  return { rows: previous.rows, keys };
}

interface Row {
  kind: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

/** Requests and throughput from the answers received in the window; percentiles of the requests sent in it. */
function summarise(kind: string, stats: KindStats[], seconds: number): Row {
  const sorted = stats.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const percentile = (fraction: number) =>
    sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  const requests = stats.reduce((sum, s) => sum + s.answered, 0);
  const errors = stats.reduce((sum, s) => sum + s.failures + s.lost, 0);
  return { kind, requests, errors, p50: percentile(0.5), p95: percentile(0.95), p99: percentile(0.99), perSecond: requests / seconds };
}

interface DatabaseReport {
  database: DatabaseKind;
  instances: number;
  location: string;
  facts: DatabaseFacts;
  sizeBytes: number;
  rows: Row[];
  total: Row;
  timeouts: number;
  socketErrors: number;
  warmUpSeconds: number;
  clientsAnswered: number;
  cpu: CpuTimes;
  peakRssBytes: number;
  endRssBytes: number;
  feedback: { accepted: number; added: number; inFlightStored: number; missing: number; unexpected: number };
  samples: string[];
  serverLog: string;
  serverErrors: string[];
  errors: number;
}

/**
 * Reads the totals that bound the pages of lists and searches, and calls each route once so that
 * loading its code does not count (the feedback route through its GET, which writes nothing).
 */
async function preparePlan(baseUrl: string, token: string, facts: DatabaseFacts): Promise<Plan> {
  const now = Date.now();
  const get = async <T>(pathAndQuery: string): Promise<T> => {
    const res = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${pathAndQuery} failed before the run: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const total = async (search = "") =>
    (await get<{ total: number }>(`/api/transcripts?${rangeQuery(now, 30)}&limit=20${search && `&search=${encodeURIComponent(search)}`}`))
      .total;
  const listTotal = await total();
  const searchTotals: Record<string, number> = {};
  for (const word of SEARCH_WORDS) searchTotals[word] = await total(word);
  await get(`/api/transcript/${encodeURIComponent(facts.detailIds[0])}`);
  await get(`/api/analytics?${rangeQuery(now, 90)}&tz=America%2FNew_York`);
  await get(`/api/feedback?transcriptId=${encodeURIComponent(facts.detailIds[0])}`);
  return { now, listTotal, searchTotals, detailIds: facts.detailIds, feedbackTargets: facts.feedbackTargets };
}

async function loadDatabase(database: DatabaseKind, instances: number, options: Options): Promise<DatabaseReport> {
  const url = databaseUrl(database, options);
  const file = path.resolve(sqliteFileOf(url));
  const location =
    database === "postgres"
      ? `PostgreSQL database ${new URL(url).pathname.slice(1)}`
      : file.startsWith(`${ROOT}/`)
        ? path.relative(ROOT, file)
        : file;
  const facts = await readFacts(database, url);
  const sizeBytes = await databaseSize(url);
  log(
    `${database}: ${location} holds ${formatCount(facts.transcripts)} transcripts (${(sizeBytes / 2 ** 30).toFixed(2)} GiB), ${formatCount(facts.feedbackRows)} feedback rows; ${facts.version}`,
  );
  await provisionUsers(url);

  log(`${database}: starting ${instances === 1 ? "the production server" : `${instances} production servers behind nginx`}`);
  // The instances share what a deployment shares: the database and the session secret.
  const env = { DEMO_MODE: "", NEXTAUTH_SECRET: randomBytes(32).toString("hex") };
  const servers: RunningServer[] = [];
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
  let run: RunResult;
  let stored: Awaited<ReturnType<typeof storedFeedback>>;
  let endRssBytes: number;
  let peakRssBytes = 0;
  const memories: ReturnType<typeof watchPeakRss>[] = [];
  try {
    for (let i = 0; i < instances; i++)
      servers.push(await startNextServer({ distDir: DIST_DIR, databaseUrl: url, workDir: BENCH_DIR, env }));
    memories.push(...servers.map((server) => watchPeakRss(server.pid)));
    if (instances > 1) balancer = await startBalancer({ upstreams: servers.map((server) => server.baseUrl), workDir: BENCH_DIR });
    const baseUrl = balancer?.baseUrl ?? servers[0].baseUrl;
    log(`${database}: signing in ${options.clients} clients as ${USERS} users`);
    const tokens = await signInClients(baseUrl, options.clients);
    const plan = await preparePlan(baseUrl, tokens[0], facts);
    log(
      `${database}: ${options.clients} clients, warm-up until each has an answer, then ${options.seconds} s measured (${formatCount(plan.listTotal)} transcripts in the last 30 days)`,
    );
    run = await runMix(
      baseUrl,
      servers.map((server) => server.pid),
      tokens,
      plan,
      options,
    );
    stored = await storedFeedback(url, facts.feedbackTargets);
    endRssBytes = Math.max(...servers.map((server) => treeRssBytes(server.pid)));
  } finally {
    await balancer?.stop();
    for (const server of servers) process.kill(-server.pid, "SIGTERM");
    for (const memory of memories) peakRssBytes = Math.max(peakRssBytes, memory.stop());
  }
  const server = servers[0];

  const rows = KINDS.map((kind) => summarise(kind, [run.stats[kind]], run.seconds));
  const total = summarise("total", Object.values(run.stats), run.seconds);
  const lost = KINDS.reduce((sum, kind) => sum + run.stats[kind].lost, 0);
  const inFlightStored = [...run.inFlightFeedback].filter((key) => stored.keys.has(key)).length;
  const feedback = {
    accepted: run.acceptedFeedback.size,
    added: stored.rows - facts.feedbackRows,
    inFlightStored,
    missing: [...run.acceptedFeedback].filter((key) => !stored.keys.has(key)).length,
    unexpected: [...stored.keys].filter((key) => !run.acceptedFeedback.has(key) && !run.inFlightFeedback.has(key)).length,
  };
  const feedbackWrong = feedback.missing + feedback.unexpected + Math.abs(feedback.added - feedback.accepted - inFlightStored);
  // A timeout or a socket error loses the request in flight on that connection, which the table counts already.
  const errors = total.errors - lost + Math.max(lost, run.timeouts + run.socketErrors) + feedbackWrong;
  const serverErrors =
    errors > 0
      ? readFileSync(server.logFile, "utf8")
          .split("\n")
          .filter((line) => /error|fail|busy|locked|timeout/i.test(line))
          .slice(-20)
      : [];
  return {
    database,
    instances,
    location,
    facts,
    sizeBytes,
    rows,
    total,
    timeouts: run.timeouts,
    socketErrors: run.socketErrors,
    warmUpSeconds: run.warmUpSeconds,
    clientsAnswered: run.clientsAnswered,
    cpu: run.cpu,
    peakRssBytes,
    endRssBytes,
    feedback,
    samples: KINDS.flatMap((kind) => run.stats[kind].samples),
    serverLog: path.relative(ROOT, server.logFile),
    serverErrors,
    errors,
  };
}

function describeRequestsAtOnce(database: DatabaseKind): string {
  const limit = requestsAtOnceFor(database === "postgres" ? "postgresql" : "sqlite", process.env.REQUESTS_AT_ONCE);
  return limit === 0 ? "no limit" : `${limit}, the others wait in order of arrival`;
}

const ms = (value: number) => (Number.isNaN(value) ? "-" : value.toFixed(1));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

/** One table for both databases: the run's facts, then a row per kind of request with a column group per database. */
function report(options: Options, reports: DatabaseReport[], load: { start: number[]; end: number[] }, started: Date): string {
  const mix = MIX.map(([kind, weight]) => `${kind} ${weight} %`).join(", ");
  const lines = ["## Load test (`npm run load`)", ""];
  lines.push(
    `Written by \`npm run load\` (scripts/load.ts); rerun it to refresh. ${options.clients} signed-in clients (${USERS} users) each keep one request in flight against the ` +
      `production server (\`npm start\`, loopback) for ${options.seconds} s, in a seeded mix that is the same on every run: ${mix}. ` +
      "Lists and searches cover the last 30 days, mostly the first five pages, sometimes any page to the last; searches use refund, password, order, delivery and nw-5; " +
      `detail reads ${DETAIL_SAMPLE} ids; analytics spans 7, 30 or 90 days in America/New_York; each feedback write rates a bot message nobody has rated. ` +
      "Latencies are measured by the load generator, on the same two cores, from when every client has had a first answer; " +
      "an error, counted from the start, is any answer other than 2xx, a timeout (30 s) or a socket error. " +
      `Run ${started.toISOString()}, load average ${load.start.map((v) => v.toFixed(2)).join(", ")} at the start, ${load.end.map((v) => v.toFixed(2)).join(", ")} at the end.`,
    "",
  );
  const row = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const title = (r: DatabaseReport) => (r.instances === 1 ? r.facts.version : `${r.facts.version}, ${r.instances} instances behind nginx`);
  lines.push(row(["", ...reports.map(title)]), row(["---", ...reports.map(() => "---")]));
  const facts: [string, (r: DatabaseReport) => string][] = [
    ["database", (r) => `${r.location}, ${formatCount(r.facts.transcripts)} transcripts, ${(r.sizeBytes / 2 ** 30).toFixed(2)} GiB`],
    ["measured", (r) => `${formatCount(r.total.requests)} requests, **${r.total.perSecond.toFixed(0)} req/s**, p99 ${ms(r.total.p99)} ms`],
    [
      "warm-up (not measured)",
      (r) =>
        `${r.clientsAnswered === options.clients ? "all" : `**only ${r.clientsAnswered} of**`} ${options.clients} clients answered after ${r.warmUpSeconds.toFixed(1)} s`,
    ],
    ["signed-in requests at once (`REQUESTS_AT_ONCE`)", (r) => describeRequestsAtOnce(r.database)],
    [
      "CPU a request (measured window, /proc)",
      (r) => describeCpuPerRequest(r.cpu, r.total.requests, { postgres: r.database === "postgres", cores: os.cpus().length }),
    ],
    [
      "server memory (RSS, process tree)",
      (r) => `peak ${mb(r.peakRssBytes)}, ${mb(r.endRssBytes)} at the end${r.instances > 1 ? " (the largest instance)" : ""}`,
    ],
    [
      "feedback writes (warm-up included)",
      (r) => {
        const f = r.feedback;
        const once = f.missing + f.unexpected === 0 && f.added === f.accepted + f.inFlightStored;
        return (
          `${formatCount(f.accepted)} accepted, ${formatCount(f.added)} rows added` +
          `${f.inFlightStored ? ` (${f.inFlightStored} from writes in flight at the end)` : ""}` +
          `${once ? ": each stored once" : `: **${f.missing} missing, ${f.unexpected} unexpected**`}`
        );
      },
    ],
    [
      "errors",
      (r) =>
        r.errors === 0
          ? "none"
          : `**${formatCount(r.errors)}** (${r.total.errors} non-2xx or unanswered, ${r.timeouts} timeouts, ${r.socketErrors} socket errors; log ${r.serverLog})`,
    ],
  ];
  for (const [name, cell] of facts) lines.push(row([name, ...reports.map(cell)]));
  for (const r of reports) {
    if (r.samples.length > 0)
      lines.push("", `First failed requests (${title(r)}):`, ...r.samples.map((sample) => `- \`${sample.replace(/`/g, "'")}\``));
  }
  const columns = ["req/s", "p50 ms", "p95 ms", "p99 ms", "errors"];
  const short = (r: DatabaseReport) => `${r.facts.version.split(" ")[0]}${r.instances > 1 ? ` ×${r.instances}` : ""}`;
  lines.push(
    "",
    row(["kind", ...reports.flatMap((r) => columns.map((column) => `${short(r)} ${column}`))]),
    row(["---", ...reports.flatMap(() => columns.map(() => "---:"))]),
  );
  const kinds = [...(reports[0]?.rows ?? []), ...(reports[0] ? [reports[0].total] : [])].map((stats, index) => ({ index, stats }));
  for (const { index, stats } of kinds) {
    const name = stats === reports[0].total ? "**total**" : stats.kind;
    const cells = reports.flatMap((r) => {
      const own = index < r.rows.length ? r.rows[index] : r.total;
      return [own.perSecond.toFixed(1), ms(own.p50), ms(own.p95), ms(own.p99), String(own.errors)];
    });
    lines.push(row([name, ...cells]));
  }
  lines.push("");
  return lines.join("\n");
}

/** Replaces this script's section below the benchmark's marker (adding the marker when it is missing). */
function writeSection(file: string, markdown: string): void {
  let text = existsSync(file) ? readFileSync(file, "utf8") : "";
  if (!text.includes(ANALYSIS_MARKER)) text = `${text.trimEnd()}${text.trim() ? "\n\n" : ""}${ANALYSIS_MARKER}\n`;
  const below = text.indexOf(ANALYSIS_MARKER);
  const section = `${SECTION_BEGIN}\n${markdown.trimEnd()}\n${SECTION_END}`;
  const begin = text.indexOf(SECTION_BEGIN, below);
  const end = begin < 0 ? -1 : text.indexOf(SECTION_END, begin);
  text = end < 0 ? `${text.trimEnd()}\n\n${section}\n` : `${text.slice(0, begin)}${section}${text.slice(end + SECTION_END.length)}`;
  writeFileSync(file, text);
}

async function main() {
  const options = readOptions();
  const started = new Date();
  const load = { start: os.loadavg(), end: [] as number[] };
  // Every database is checked before anything is built or run.
  for (const database of options.databases) await countTranscripts(database, databaseUrl(database, options));
  if (options.skipBuild) {
    if (!existsSync(path.join(ROOT, DIST_DIR, "BUILD_ID")))
      throw new Error(`--skip-build: there is no build in ${DIST_DIR}; run without --skip-build once`);
  } else {
    log(`building the production server into ${DIST_DIR}`);
    buildProduction(DIST_DIR);
  }
  mkdirSync(BENCH_DIR, { recursive: true });
  const reports: DatabaseReport[] = [];
  for (const database of options.databases) {
    for (const instances of database === "postgres" ? options.instances : [1]) {
      const r = await loadDatabase(database, instances, options);
      reports.push(r);
      for (const line of [...r.samples, ...r.serverErrors.map((entry) => `${r.serverLog}: ${entry}`)]) log(`${database}: ${line}`);
    }
  }
  load.end = os.loadavg();
  const markdown = report(options, reports, load, started);
  console.log(`\n${markdown}`);
  writeSection(options.output, markdown);
  log(`wrote ${path.relative(ROOT, options.output)}`);
  if (reports.some((r) => r.errors > 0)) {
    log(`FAILED: ${reports.map((r) => `${r.database} ${r.errors} errors (server log ${r.serverLog})`).join(", ")}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
