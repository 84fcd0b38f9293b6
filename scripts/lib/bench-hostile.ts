// The hostile-load measurement: ten signed-in clients search at once over the widest range the
// list accepts (fresh words, one- and two-character fragments, LIKE wildcards, quotes), each sending
// its next search as soon as the last is answered, while a prober asks /api/health and an ordinary
// list call (30 days, page 1 of 20) side by side every PROBE_PAUSE_MS. How long the probes wait is
// how responsive the server stays for everyone else. The server's event loop is measured from
// outside: /api/health does almost nothing on it (a session-less `SELECT 1`), so the longest health
// answer bounds from above the longest time the loop was blocked (plus one `SELECT 1`).
import { MAX_RANGE_DAYS } from "../../lib/schemas/query-params";
import { DAY_MS } from "../../lib/transcripts/time-buckets";

const HOSTILE_CLIENTS = 10;
const PROBE_PAUSE_MS = 20;
const FRAGMENTS = ["e", "a", "th", "an", "%", "_", "%_%", '"', "'", "''", "\\"];

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface HostileResult {
  seconds: number;
  health: Latencies;
  list: Latencies;
  /** The hostile searches themselves: how many, how long, and their statuses (200, or 503 past the time budget). */
  searches: Latencies & { statuses: Record<string, number> };
  /** The answer to a range far past the limit (1990 to 2199). */
  unbounded: { status: number; message: string };
  probeFailures: number;
}

function latencies(values: number[]): Latencies {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

async function timedGet(url: string, headers: Record<string, string>): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers });
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, body };
  } catch (error) {
    return { ms: performance.now() - started, status: 0, body: String(error) };
  }
}

/** Runs the hostile load against a running server for `seconds`; `endMs` ends the searched range (the newest data). */
export async function measureHostileLoad(options: {
  baseUrl: string;
  token: string;
  seconds: number;
  endMs?: number;
}): Promise<HostileResult> {
  const headers = { authorization: `Bearer ${options.token}` };
  const endMs = options.endMs ?? Date.now();
  const widest = `startTime=${new Date(endMs - MAX_RANGE_DAYS * DAY_MS).toISOString()}&endTime=${new Date(endMs).toISOString()}`;
  const ordinary = `${options.baseUrl}/api/transcripts?startTime=${new Date(endMs - 30 * DAY_MS).toISOString()}&endTime=${new Date(endMs).toISOString()}&page=1&limit=20`;

  const unboundedAnswer = await timedGet(
    `${options.baseUrl}/api/transcripts?startTime=1990-01-01T00:00:00Z&endTime=2199-12-31T00:00:00Z&search=zq0`,
    headers,
  );
  const unbounded = { status: unboundedAnswer.status, message: (JSON.parse(unboundedAnswer.body) as { message?: string }).message ?? "" };

  const deadline = performance.now() + options.seconds * 1000;
  const searchMs: number[] = [];
  const statuses: Record<string, number> = {};
  // Fresh words per run as well: a run must not find the counts of an earlier one.
  const run = Date.now().toString(36);
  let fresh = 0;
  const hostileClient = async (client: number) => {
    for (let round = 0; performance.now() < deadline; round++) {
      fresh += 1;
      const search = round % 2 === 0 ? `zq${run}${fresh}` : FRAGMENTS[(client + round * HOSTILE_CLIENTS) % FRAGMENTS.length];
      const limit = round % 4 === 3 ? 100 : 20;
      const answer = await timedGet(
        `${options.baseUrl}/api/transcripts?${widest}&search=${encodeURIComponent(search)}&page=${1 + (round % 3)}&limit=${limit}`,
        headers,
      );
      searchMs.push(answer.ms);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
  };

  const healthMs: number[] = [];
  const listMs: number[] = [];
  let probeFailures = 0;
  const prober = async () => {
    while (performance.now() < deadline) {
      const [health, list] = await Promise.all([timedGet(`${options.baseUrl}/api/health`, {}), timedGet(ordinary, headers)]);
      healthMs.push(health.ms);
      listMs.push(list.ms);
      if (health.status !== 200) probeFailures += 1;
      if (list.status !== 200) probeFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
    }
  };

  const started = performance.now();
  await Promise.all([prober(), ...Array.from({ length: HOSTILE_CLIENTS }, (_, client) => hostileClient(client))]);
  return {
    seconds: (performance.now() - started) / 1000,
    health: latencies(healthMs),
    list: latencies(listMs),
    searches: { ...latencies(searchMs), statuses },
    unbounded,
    probeFailures,
  };
}

/** Lines for a report or the console. */
/** The rows of a table with a column per database: a row's name, and its cell of one result. */
export function hostileRows(): [string, (result: HostileResult) => string][] {
  const ms = (value: number) => value.toFixed(1);
  const probe = (l: Latencies) => `${l.count} answers, p50 ${ms(l.p50)} ms, p99 ${ms(l.p99)} ms, max ${ms(l.max)} ms`;
  return [
    ["a range of 1990 to 2199", (r) => `${r.unbounded.status} "${r.unbounded.message}"`],
    [
      `${HOSTILE_CLIENTS} clients searching at once over ${MAX_RANGE_DAYS} days`,
      (r) =>
        `${r.searches.count} in ${r.seconds.toFixed(0)} s (${Object.entries(r.searches.statuses)
          .map(([status, count]) => `${count} × ${status}`)
          .join(", ")}), p50 ${ms(r.searches.p50)} ms, p99 ${ms(r.searches.p99)} ms`,
    ],
    [
      `meanwhile GET /api/health, every ${PROBE_PAUSE_MS} ms after the last answer (its max bounds the longest event-loop block)`,
      (r) => probe(r.health),
    ],
    ["meanwhile the list call, 30 days, page 1 of 20", (r) => `${probe(r.list)}; ${r.probeFailures} probes failed`],
  ];
}

export function hostileLines(result: HostileResult): string[] {
  const ms = (value: number) => value.toFixed(1);
  const row = (name: string, l: Latencies) => `| ${name} | ${l.count} | ${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.max)} |`;
  const statuses = Object.entries(result.searches.statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(", ");
  return [
    `- A range of 1990 to 2199: ${result.unbounded.status} "${result.unbounded.message}"`,
    `- ${HOSTILE_CLIENTS} clients searching at once over ${MAX_RANGE_DAYS} days for ${result.seconds.toFixed(0)} s: ${result.searches.count} searches answered (${statuses}), p50 ${ms(result.searches.p50)} ms, p99 ${ms(result.searches.p99)} ms`,
    `- Probes meanwhile (health and list side by side, every ${PROBE_PAUSE_MS} ms after the last answer; ${result.probeFailures} failed); the longest health answer bounds the server's longest event-loop block from above:`,
    "",
    "| probe | answers | p50 ms | p99 ms | max ms |",
    "|---|---:|---:|---:|---:|",
    row("GET /api/health", result.health),
    row("list 30 days, page 1 of 20", result.list),
  ];
}
