import "server-only";
import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { BudgetExhaustedError } from "../jobs/job-kinds";
import { BlockedAddressError, guardedLookup, isNonPublicAddress, privateHostsAllowed } from "./address-guard";
import { retryDelayMs } from "./retry-policy";
import { requestTimeoutMs } from "./sync-settings";

// Requests to the bot platform: node:http(s) rather than fetch, because its connections can be
// made through guardedLookup (checked at connect time, so a re-pointed name cannot reach an
// internal address); kept alive between requests; each attempt bounded in time and size.

const MAX_BODY_BYTES = 64 * 1024 * 1024;
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 32, lookup: guardedLookup } as http.AgentOptions),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 32, lookup: guardedLookup } as https.AgentOptions),
};

export type PlatformErrorKind = "unauthorized" | "forbidden" | "not-found" | "unavailable" | "bad-response" | "blocked";

/** Why a base URL on http:// is refused, when saved and at every connection. */
export const PLAIN_HTTP_REFUSED =
  "Base URL must start with https:// (http:// only for a private or on-premises platform, with SOURCES_ALLOW_PRIVATE_HOSTS=1)";

/** The platform's refusal or failure, with a message an administrator can act on. */
export class PlatformError extends Error {
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

/**
 * Failed attempts of the requests a job makes again in its later steps, by request: kept in the
 * job's cursor, so that the retry cap holds across steps (a platform slower than a step's budget
 * still ends the run), and a wait the platform asked for outlasts the step.
 */
export type RetryLedger = Record<string, { attempts: number; retryAtMs: number }>;

export interface RequestLimits {
  /** Epoch ms: no wait for a retry goes past it (BudgetExhaustedError instead, once it is reached). */
  deadline: number;
  /** Attempts are cut at the deadline too: someone waits for the answer (a connection test). */
  hard?: boolean;
  /** The job's ledger, whose entry `retryKey` this request's failed attempts go on. */
  ledger?: RetryLedger;
}

export interface PlatformRequest {
  method: "GET" | "POST";
  url: URL;
  apiKey: string;
  body?: unknown;
  limits: RequestLimits;
  /** The request's name in the ledger: the same request in a later step has the same name. */
  retryKey: string;
}

interface RawResponse {
  status: number;
  retryAfter: string | null;
  text: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request, tried again on 429, 5xx and network failures (retry-policy.ts), counting its
 * attempts in the ledger; resolves to the parsed JSON body. A wait that would pass the deadline is
 * slept up to the deadline and then ends the step (BudgetExhaustedError): the next step waits the
 * rest and tries again.
 */
export async function requestPlatform(request: PlatformRequest): Promise<unknown> {
  const { limits, retryKey } = request;
  const ledger = limits.ledger ?? {};
  for (;;) {
    const waitMs = (ledger[retryKey]?.retryAtMs ?? 0) - Date.now();
    if (waitMs > 0) {
      await sleep(Math.min(waitMs, Math.max(0, limits.deadline - Date.now())));
      if (Date.now() < (ledger[retryKey]?.retryAtMs ?? 0)) throw new BudgetExhaustedError();
    }
    const attempt = (ledger[retryKey]?.attempts ?? 0) + 1;
    let outcome: { status?: number; retryAfter?: string | null; networkError?: boolean };
    let failure: PlatformError;
    try {
      const response = await sendOnce(request);
      if (response.status >= 200 && response.status < 300) {
        delete ledger[retryKey];
        return parseJson(response.text);
      }
      outcome = { status: response.status, retryAfter: response.retryAfter };
      failure = statusError(response.status);
    } catch (error) {
      if (error instanceof BudgetExhaustedError) throw error;
      if (error instanceof BlockedAddressError || (error as { code?: string }).code === "EBLOCKED") {
        throw new PlatformError("blocked", (error as Error).message);
      }
      if (error instanceof PlatformError) throw error;
      outcome = { networkError: true };
      failure = new PlatformError("unavailable", `The platform could not be reached (${describeNetworkError(error)})`);
    }
    const delay = retryDelayMs(outcome, attempt, Date.now());
    if (delay === null) {
      delete ledger[retryKey];
      throw failure;
    }
    ledger[retryKey] = { attempts: attempt, retryAtMs: Date.now() + delay };
  }
}

function sendOnce({ method, url, apiKey, body, limits }: PlatformRequest): Promise<RawResponse> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Connections to an address literal skip the lookup, so it is checked here.
  if (isIP(host) && isNonPublicAddress(host) && !privateHostsAllowed()) return Promise.reject(new BlockedAddressError(host));
  // The API key travels in a header: never in clear text, but to the private hosts of tests and an on-premises platform.
  if (url.protocol !== "https:" && !privateHostsAllowed()) return Promise.reject(new PlatformError("blocked", PLAIN_HTTP_REFUSED));
  const timeoutMs = limits.hard ? Math.min(requestTimeoutMs(), limits.deadline - Date.now()) : requestTimeoutMs();
  if (timeoutMs <= 0) return Promise.reject(new BudgetExhaustedError());
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method,
        agent: agents[url.protocol as "http:" | "https:"],
        headers: {
          authorization: apiKey,
          accept: "application/json",
          ...(payload ? { "content-type": "application/json", "content-length": String(payload.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) req.destroy(new PlatformError("bad-response", "The platform's answer is too large"));
          else chunks.push(chunk);
        });
        res.on("end", () => {
          clearTimeout(timer);
          const retryAfter = res.headers["retry-after"];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: typeof retryAfter === "string" ? retryAfter : null,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
        res.on("error", reject);
      },
    );
    // Bounds the whole attempt, from connecting to the last byte: a hung connection is a failed attempt.
    const timer = setTimeout(() => req.destroy(Object.assign(new Error("no answer in time"), { code: "ETIMEDOUT" })), timeoutMs);
    req.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(payload);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new PlatformError("bad-response", "The platform's answer is not JSON");
  }
}

function statusError(status: number): PlatformError {
  if (status === 401) return new PlatformError("unauthorized", "The platform refused the API key (wrong or revoked key)", status);
  if (status === 403) return new PlatformError("forbidden", "The API key has no access to this project", status);
  if (status === 404)
    return new PlatformError("not-found", "The platform does not know this project or transcript (check the project ID)", status);
  if (status === 429) return new PlatformError("unavailable", "The platform kept refusing requests as too many (429)", status);
  if (status >= 500) return new PlatformError("unavailable", `The platform failed to answer (HTTP ${status})`, status);
  return new PlatformError("bad-response", `The platform answered HTTP ${status}`, status);
}

function describeNetworkError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "ETIMEDOUT") return "no answer in time";
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "unknown host";
  return code ?? (error as Error).message ?? "network error";
}
