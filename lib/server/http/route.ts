import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { AppError } from "./app-error";
import { toErrorResponse } from "./error-response";
import { readJsonBody, DEFAULT_MAX_BODY_BYTES } from "./read-json-body";
import { authenticateRequest, type SessionUser } from "../auth/session";
import { assertSameOrigin } from "./same-origin";
import { authenticateIngestKey, type IngestPrincipal } from "../ingest/authenticate-ingest-key";
import { authenticateCron } from "../jobs/authenticate-cron";
import { inTurn } from "./requests-at-once";
import { databaseName } from "../store";

/**
 * Who may call a route. Declared on every handler so it can be checked by a test. "ingest" is the
 * bot platform pushing transcripts with an ingest API key; its principal is the key, not a user.
 * "cron" is the scheduler, with the CRON_SECRET bearer token; it has no principal.
 */
export type AccessPolicy = "public" | "user" | "admin" | "ingest" | "cron";

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type Principal<A extends AccessPolicy> = A extends "public" | "cron" ? null : A extends "ingest" ? IngestPrincipal : SessionUser;

export interface RouteInput<A extends AccessPolicy, B, Q, P> {
  req: NextRequest;
  user: Principal<A>;
  body: B;
  query: Q;
  params: P;
}

export interface RouteConfig<A extends AccessPolicy, B, Q, P> {
  access: A;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  maxBodyBytes?: number;
}

export type RouteHandler = ((req: NextRequest, ctx: RouteContext) => Promise<Response>) & {
  access: AccessPolicy;
};

/**
 * Wraps a handler in the common recipe: authorize by the declared policy (failing closed),
 * parse params, query and body with zod, call, and map any error to `{message}` with its status.
 * A handler returns a Response, or plain data that is sent as JSON with status 200.
 */
export function route<A extends AccessPolicy, B = undefined, Q = undefined, P = undefined>(
  config: RouteConfig<A, B, Q, P>,
  handler: (input: RouteInput<A, B, Q, P>) => Promise<unknown>,
): RouteHandler {
  const wrapped = async (req: NextRequest, ctx: RouteContext): Promise<Response> => {
    try {
      const user = (
        config.access === "public"
          ? null
          : config.access === "ingest"
            ? await authenticateIngestKey(req)
            : config.access === "cron"
              ? authenticateCron(req)
              : await authorize(req, config.access)
      ) as Principal<A>;
      // People's input may not hold NUL characters (PostgreSQL cannot store them in text); the
      // ingest API takes machine data as it comes and its normaliser cleans each record instead.
      const rejectNul = config.access !== "ingest";
      const params = config.params ? parse(config.params, await ctx.params, { rejectNul: true }) : (undefined as P);
      const query = config.query
        ? parse(config.query, Object.fromEntries(req.nextUrl.searchParams), { rejectNul: true })
        : (undefined as Q);
      const body = config.body
        ? parse(config.body, await readJsonBody(req, config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES), { rejectNul, subject: "Request body" })
        : (undefined as B);
      const result = await handler({ req, user, body, query, params });
      return result instanceof Response ? result : NextResponse.json(result ?? { ok: true });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
  // People's requests take turns under the limit on requests at once; sign-in and the machines'
  // calls (ingest, cron) never wait behind them.
  const signedIn = config.access === "user" || config.access === "admin";
  const handle = signedIn ? (req: NextRequest, ctx: RouteContext) => inTurn(databaseName(), () => wrapped(req, ctx)) : wrapped;
  return Object.assign(handle, { access: config.access });
}

async function authorize(req: NextRequest, access: "user" | "admin"): Promise<SessionUser> {
  const { user, viaCookie } = await authenticateRequest(req);
  if (viaCookie) assertSameOrigin(req);
  if (access === "admin" && !user.isAdmin) {
    throw new AppError("FORBIDDEN", "Administrator access required");
  }
  return user;
}

function parse<T>(schema: z.ZodType<T>, value: unknown, options: { rejectNul: boolean; subject?: string }): T {
  if (value === undefined && options.subject) throw new AppError("BAD_REQUEST", `${options.subject} is required`);
  if (options.rejectNul && containsNul(value)) throw new AppError("BAD_REQUEST", "Text must not contain NUL characters");
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError("BAD_REQUEST", describeIssue(result.error));
  return result.data;
}

/** Iterative, so that a deeply nested body cannot exhaust the stack. */
function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes("\u0000")) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input";
  const path = issue.path.join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** JSON response with a status other than 200. */
export function json(data: unknown, status: number): Response {
  return NextResponse.json(data, { status });
}
