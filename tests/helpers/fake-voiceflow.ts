// A fake of the bot platform's two transcript APIs (plain node:http on 127.0.0.1, no network), fed
// from the portal's own generator in the platform's shapes (those normalizeTranscript reads):
//  - Transcripts API: POST /v1/transcript/project/{projectID}?take&skip&order with {startDate,
//    endDate, environmentID?} (ISO, inclusive) -> {transcripts: [...]}; GET /v1/transcript/{id} ->
//    {transcript: {..., logs}} (every fifth transcript's log data as JSON text, as documented).
//  - legacy API: GET /v2/transcripts/{projectID}?startDate&endDate (days, both inclusive) -> [...];
//    GET /v2/transcripts/{projectID}/{id} -> the dialog array.
// Every call needs `Authorization: <key>`. Switches make it misbehave the ways the platform can.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { generateTranscripts } from "@/scripts/lib/transcript-generator";

type Legacy = Record<string, unknown> & { _id: string; createdAt: string; updatedAt: string; dialog: Record<string, unknown>[] };

export interface FakeSwitches {
  /** Answer 429 with this Retry-After (seconds) to every nth request. */
  rateLimitEvery?: { n: number; retryAfterSeconds: number };
  /** Answer 500 to every nth request. */
  failEvery?: number;
  /** Detail requests of these ids hang (never answer) once each. */
  hangOnce?: Set<string>;
  /** Detail requests of these ids answer a transcript the import cannot read. */
  malformedDetails?: Set<string>;
  /** The v1 and v2 listings carry one entry without an id. */
  malformedListEntry?: boolean;
  /** After this many further requests the key stops working (401). */
  revokeKeyAfter?: number;
  /** Detail answers wait this long (a slower platform, so that a browser sees a run under way). */
  detailDelayMs?: number;
  /** Answers of these kinds of request start at once and then send one byte every `everyMs`, never ending. */
  trickle?: { requests: "list" | "detail" | "all"; everyMs: number };
  /** The project is one of this API version's only: the other version's listing answers 404, as for an unknown project. */
  onlyApi?: "voiceflow-v1" | "voiceflow-v2";
}

export interface FakeVoiceflow {
  baseUrl: string;
  projectId: string;
  apiKey: string;
  transcripts: Legacy[];
  switches: FakeSwitches;
  /** Requests answered, by kind. */
  calls: { list: number; detail: number; refused: number };
  /**
   * The conversation goes on in the same web-chat session at `atMs` (days later, as real ones do):
   * a new launch, a greeting, one more question and its answer, and updatedAt moves to `atMs`.
   */
  update(id: string, atMs: number): void;
  /** Adds `count` transcripts all created in the millisecond `atMs` (the listing holds them in order of addition). */
  flood(count: number, atMs: number): Legacy[];
  close(): Promise<void>;
}

export const FAKE_PROJECT_ID = "64a1f0c2e4b0a7001f3c9d21";
export const FAKE_ENVIRONMENT_ID = "production";

/** Starts the fake with `count` transcripts created over the `days` days before `endMs`. */
export async function startFakeVoiceflow(options: {
  count: number;
  days: number;
  endMs: number;
  seed?: string;
  apiKey?: string;
}): Promise<FakeVoiceflow> {
  const transcripts: Legacy[] = [];
  for (const batch of generateTranscripts({
    count: options.count,
    days: options.days,
    seed: options.seed ?? "fake-voiceflow",
    endMs: options.endMs,
  })) {
    transcripts.push(...(batch as Legacy[]));
  }
  const byId = new Map(transcripts.map((t) => [t._id, t]));
  const apiKey = options.apiKey ?? "VF.DM.fake0000000000.key0000000000";
  const switches: FakeSwitches = {};
  const calls = { list: 0, detail: 0, refused: 0 };
  let requests = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests += 1;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(typeof body === "string" ? body : JSON.stringify(body));
      };
      if (switches.revokeKeyAfter !== undefined && switches.revokeKeyAfter-- <= 0) {
        calls.refused += 1;
        return send(401, { message: "Unauthorized" });
      }
      if (req.headers.authorization !== apiKey) {
        calls.refused += 1;
        return send(401, { message: "Unauthorized" });
      }
      if (switches.rateLimitEvery && requests % switches.rateLimitEvery.n === 0) {
        return send(429, { message: "Too Many Requests" }, { "retry-after": String(switches.rateLimitEvery.retryAfterSeconds) });
      }
      if (switches.failEvery && requests % switches.failEvery === 0) return send(500, { message: "Internal Server Error" });
      const url = new URL(req.url ?? "/", "http://fake");
      const isList = /^\/v1\/transcript\/project\/|^\/v2\/transcripts\/[^/]+$/.test(url.pathname);
      if (switches.trickle && (switches.trickle.requests === "all" || (switches.trickle.requests === "list") === isList)) {
        res.writeHead(200, { "content-type": "application/json" });
        res.write("{");
        const drip = setInterval(() => res.write(" "), switches.trickle.everyMs);
        res.on("close", () => clearInterval(drip));
        return;
      }
      const knowsProject = (api: "voiceflow-v1" | "voiceflow-v2", projectId: string) =>
        projectId === FAKE_PROJECT_ID && (!switches.onlyApi || switches.onlyApi === api);
      let match: RegExpExecArray | null;
      if (req.method === "POST" && (match = /^\/v1\/transcript\/project\/([^/]+)$/.exec(url.pathname))) {
        if (!knowsProject("voiceflow-v1", match[1])) return send(404, { message: "Project not found" });
        let body: { startDate?: string; endDate?: string; environmentID?: string };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
        } catch {
          return send(400, { message: "Invalid body" });
        }
        const startMs = body.startDate ? Date.parse(body.startDate) : -Infinity;
        const endMs = body.endDate ? Date.parse(body.endDate) : Infinity;
        if (body.environmentID && body.environmentID !== FAKE_ENVIRONMENT_ID) return send(200, { transcripts: [] });
        const skip = Number(url.searchParams.get("skip") ?? 0);
        const take = Number(url.searchParams.get("take") ?? 20);
        const inRange = transcripts
          .filter((t) => Date.parse(t.createdAt) >= startMs && Date.parse(t.createdAt) <= endMs)
          .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
        const page = inRange.slice(skip, skip + take).map(toV1ListItem);
        if (switches.malformedListEntry && skip === 0) page.push({ sessionID: "no-id" } as never);
        calls.list += 1;
        return send(200, { transcripts: page });
      }
      if (req.method === "GET" && (match = /^\/v1\/transcript\/([^/]+)$/.exec(url.pathname))) {
        return detail(match[1], (t) => send(200, { transcript: toV1Transcript(t) }));
      }
      if (req.method === "GET" && (match = /^\/v2\/transcripts\/([^/]+)$/.exec(url.pathname))) {
        if (!knowsProject("voiceflow-v2", match[1])) return send(404, { message: "Project not found" });
        const start = url.searchParams.get("startDate");
        const end = url.searchParams.get("endDate");
        const startMs = start ? Date.parse(`${start}T00:00:00Z`) : -Infinity;
        const endMs = end ? Date.parse(`${end}T00:00:00Z`) + 86_400_000 : Infinity;
        const items: unknown[] = transcripts
          .filter((t) => Date.parse(t.createdAt) >= startMs && Date.parse(t.createdAt) < endMs)
          .map(({ dialog: _dialog, ...item }) => item);
        if (switches.malformedListEntry) items.push({ sessionID: "no-id", createdAt: new Date(startMs).toISOString() });
        calls.list += 1;
        return send(200, items);
      }
      if (req.method === "GET" && (match = /^\/v2\/transcripts\/([^/]+)\/([^/]+)$/.exec(url.pathname))) {
        if (match[1] !== FAKE_PROJECT_ID) return send(404, { message: "Project not found" });
        return detail(match[2], (t) => send(200, t.dialog));
      }
      send(404, { message: "Not found" });

      function detail(id: string, answer: (t: Legacy) => void) {
        const transcript = byId.get(id);
        if (!transcript) return send(404, { message: "Transcript not found" });
        if (switches.hangOnce?.delete(id)) return; // never answers
        calls.detail += 1;
        if (switches.malformedDetails?.has(id)) return send(200, { transcript: { id, logs: "not an array" } });
        if (switches.detailDelayMs) setTimeout(() => answer(transcript), switches.detailDelayMs);
        else answer(transcript);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    projectId: FAKE_PROJECT_ID,
    apiKey,
    transcripts,
    switches,
    calls,
    update(id, atMs) {
      const transcript = byId.get(id)!;
      const at = (offsetMs: number) => new Date(atMs + offsetMs).toISOString();
      const launch = `launch${atMs.toString(16).slice(-8)}`;
      const turn = `turn${atMs.toString(16).slice(-8)}`;
      transcript.updatedAt = at(0);
      transcript.dialog = [
        ...transcript.dialog,
        { turnID: launch, type: "request", format: "request", payload: { type: "launch" }, startTime: at(-3000) },
        {
          turnID: launch,
          type: "text",
          format: "trace",
          payload: { time: atMs - 2900, type: "text", payload: { message: "Welcome back! How can I help?" } },
          startTime: at(-2900),
        },
        {
          turnID: turn,
          type: "request",
          format: "request",
          payload: { type: "intent", payload: { query: "one more question", intent: { name: "None" }, entities: [] } },
          startTime: at(-1000),
        },
        {
          turnID: turn,
          type: "text",
          format: "trace",
          payload: { time: atMs, type: "text", payload: { message: "a later answer" } },
          startTime: at(0),
        },
      ];
    },
    flood(count, atMs) {
      const added: Legacy[] = [];
      for (const batch of generateTranscripts({ count, days: 1, seed: `flood-${atMs}`, endMs: atMs })) added.push(...(batch as Legacy[]));
      for (const transcript of added) {
        transcript.createdAt = new Date(atMs).toISOString();
        transcript.updatedAt = new Date(atMs + 60_000).toISOString();
        transcripts.push(transcript);
        byId.set(transcript._id, transcript);
      }
      return added;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function toV1ListItem(t: Legacy): Record<string, unknown> {
  const { logs: _logs, ...item } = toV1Transcript(t);
  return item;
}

/** The Transcripts API's shape of a generated legacy transcript: its dialog as logs. */
function toV1Transcript(t: Legacy): Record<string, unknown> {
  const asText = parseInt(t._id.slice(-2), 16) % 5 === 0;
  const logs = t.dialog.map((entry) => {
    const payload = (entry.payload ?? {}) as Record<string, unknown>;
    let log: { type: string; data: unknown };
    if (entry.format === "trace" && entry.type === "end") log = { type: "end", data: { turnID: entry.turnID } };
    else if (entry.format === "trace") log = { type: "trace", data: { ...payload, turnID: entry.turnID } };
    else if (entry.format === "launch" || payload.type === "launch")
      log = { type: "action", data: { type: "launch", turnID: entry.turnID } };
    else log = { type: "action", data: { ...payload, turnID: entry.turnID } };
    return { ...log, data: asText ? JSON.stringify(log.data) : log.data, createdAt: entry.startTime, updatedAt: entry.startTime };
  });
  const properties = (["device", "os", "browser"] as const).flatMap((name) =>
    typeof t[name] === "string" ? [{ name, value: t[name], type: "string" }] : [],
  );
  return {
    id: t._id,
    sessionID: t.sessionID,
    projectID: FAKE_PROJECT_ID,
    environmentID: FAKE_ENVIRONMENT_ID,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    endedAt: t.updatedAt,
    properties,
    evaluations: [],
    logs,
  };
}
