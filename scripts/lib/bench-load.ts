// One load measurement with autocannon: every response's latency is kept, so that p50, p95 and p99
// are exact (autocannon's own summary has no p95), and any non-2xx answer is counted as a failure.
import autocannon from "autocannon";

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
}

export interface LoadOptions {
  baseUrl: string;
  /** Paths to request, chosen round-robin (e.g. one per transcript id for the detail call). */
  paths: string[];
  headers?: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  // A short warm-up so that first-request compilation and caches do not count.
  await runLoad({ ...options, durationSeconds: 1 });
  return runLoad(options);
}

/** One load measurement with no warm-up. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const instance = autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers,
    timeout: 30,
    requests: [
      {
        method: "GET",
        setupRequest: (request) => ({ ...request, path: options.paths[next++ % options.paths.length] }),
      },
    ],
  });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) failures += 1;
  });
  const result = await instance;
  return summarize(latencies, failures + result.errors + result.timeouts, result.duration || options.durationSeconds);
}

/**
 * Each path requested once, one after another, with no warm-up: what a user waits for the first
 * time the server answers that question (nothing computed for it before).
 */
export async function measureFirstRequests(options: Omit<LoadOptions, "connections" | "durationSeconds">): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  for (const requestPath of options.paths) {
    const sent = performance.now();
    try {
      const response = await fetch(`${options.baseUrl}${requestPath}`, { headers: options.headers });
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
    } catch {
      failures += 1;
    }
    latencies.push(performance.now() - sent);
  }
  return summarize(latencies, failures, (performance.now() - started) / 1000);
}

function summarize(latencies: number[], failures: number, seconds: number): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    latencies.length === 0 ? NaN : latencies[Math.min(latencies.length - 1, Math.ceil(fraction * latencies.length) - 1)];
  return { requests: latencies.length, perSecond: latencies.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), failures };
}
