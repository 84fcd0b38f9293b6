// Every handler of every route file under app/api, found by walking the folder, so that tests of
// policy, authorization and hostile input cover a new route without being told about it.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { RouteHandler } from "@/lib/server/http/route";

const API_DIR = path.join(process.cwd(), "app", "api");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export interface ApiHandler {
  /** e.g. "DELETE /api/admin/user/[id]" */
  name: string;
  method: string;
  handler: RouteHandler;
  /** The URL path with each [param] written as {param}. */
  url: string;
  /** The dynamic segments' names, e.g. ["id"]. */
  paramNames: string[];
  /** The URL path with every dynamic segment filled with the given value. */
  urlWith: (value: string) => string;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/**
 * Handlers that end every session of their caller. Suites share one credential per kind of caller
 * across all handlers, so these come last.
 */
const ENDS_CALLERS_SESSIONS = new Set(["DELETE /api/user/sessions"]);
const lastIfEndingSessions = (handler: ApiHandler) => (ENDS_CALLERS_SESSIONS.has(handler.name) ? 1 : 0);

/** A [param] or a catch-all [...param] segment's name; null for a plain segment. */
function paramName(segment: string): string | null {
  return /^\[(?:\.\.\.)?(\w+)\]$/.exec(segment)?.[1] ?? null;
}

/**
 * Next.js passes a catch-all segment ([...param]) as the list of the path's parts; the tests give
 * every param as one string, which becomes that list here.
 */
function withCatchAllParams(handler: RouteHandler, names: string[]): RouteHandler {
  const wrapped = (req: Parameters<RouteHandler>[0], ctx: Parameters<RouteHandler>[1]) =>
    handler(req, {
      params: ctx.params.then((params) => ({
        ...params,
        ...Object.fromEntries(names.map((name) => [name, String(params[name] ?? "").split("/")])),
      })),
    });
  return Object.assign(wrapped, { access: handler.access });
}

export function apiHandlers(): ApiHandler[] {
  const handlers = routeFiles(API_DIR).flatMap((file): ApiHandler[] => {
    const segments = path.relative(API_DIR, path.dirname(file)).split(path.sep);
    const isParam = (segment: string) => paramName(segment) !== null;
    const paramNames = segments.map(paramName).filter((name): name is string => name !== null);
    const catchAllNames = segments.filter((segment) => segment.startsWith("[...")).map((segment) => String(paramName(segment)));
    const url = `/api/${segments.map((segment) => (isParam(segment) ? `{${segment.slice(1, -1)}}` : segment)).join("/")}`;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(file) as Record<string, unknown>;
    return METHODS.filter((method) => typeof mod[method] === "function").map((method) => ({
      name: `${method} /api/${segments.join("/")}`,
      method,
      handler: catchAllNames.length > 0 ? withCatchAllParams(mod[method] as RouteHandler, catchAllNames) : (mod[method] as RouteHandler),
      url,
      paramNames,
      urlWith: (value: string) => `/api/${segments.map((segment) => (isParam(segment) ? encodeURIComponent(value) : segment)).join("/")}`,
    }));
  });
  return handlers.sort((a, b) => lastIfEndingSessions(a) - lastIfEndingSessions(b));
}
