// What the sources' API tests share: the environment a sync needs (an encryption key, the cron
// secret, loopback allowed for the fake platform, short timeouts), driving a run to its end, and
// an administrator's calls on sources.
import { randomBytes } from "node:crypto";
import * as sourcesRoute from "@/app/api/admin/sources/route";
import * as syncRoute from "@/app/api/admin/sources/[sourceId]/sync/route";
import * as testRoute from "@/app/api/admin/sources/[sourceId]/test/route";
import * as runsRoute from "@/app/api/admin/sources/[sourceId]/runs/route";
import { runJob } from "@/lib/server/jobs/run-jobs";
import type { ConnectionTestDto, SourceDto, SourceKind, SyncRunDto } from "@/lib/schemas/sources";
import { call } from "./api-client";
import { signedInUser } from "./users";
import { startFakeVoiceflow, type FakeVoiceflow } from "./fake-voiceflow";

export const TEST_CRON_SECRET = "cron-secret-for-the-tests-0123456789";

export function useSourcesEnvironment(): void {
  process.env.SOURCES_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  process.env.SOURCES_ALLOW_PRIVATE_HOSTS = "1";
  process.env.CRON_SECRET = TEST_CRON_SECRET;
  process.env.SOURCES_REQUEST_TIMEOUT_SECONDS = "1";
  process.env.SOURCES_FETCH_CONCURRENCY = "8";
}

/** Steps a run until it is over (each call with the given budget, at most `maxCalls` calls); resolves to the number of calls. */
export async function syncToEnd(runId: string, budgetMs = 30_000, maxCalls = 200): Promise<number> {
  for (let calls = 1; calls <= maxCalls; calls++) {
    const outcome = await runJob(runId, { budgetMs });
    if (outcome.status !== "running") return calls;
  }
  throw new Error(`run ${runId} did not finish in ${maxCalls} calls`);
}

/**
 * An administrator's calls on sources for a test file, and fake platforms that it closes after
 * the file's tests: each platform holds `count` transcripts created over `days` days, and each
 * source reads from `historyDays` back.
 */
export function useSourcesAdmin({ days, historyDays }: { days: number; historyDays: number }) {
  const fakes: FakeVoiceflow[] = [];
  let token = "";
  const now = Date.now();
  beforeAll(async () => {
    token = (await signedInUser({ isAdmin: true })).token;
  });
  afterAll(() => Promise.all(fakes.map((fake) => fake.close())));
  const params = (sourceId: string) => ({ token, params: { sourceId } });
  return {
    now,
    token: () => token,
    async platform(seed: string, count: number): Promise<FakeVoiceflow> {
      const fake = await startFakeVoiceflow({ count, days, endMs: now - 60_000, seed });
      fakes.push(fake);
      return fake;
    },
    async addSource(fake: FakeVoiceflow, kind: SourceKind = "voiceflow-v1"): Promise<string> {
      const res = await call(sourcesRoute.POST, "POST", "/api/admin/sources", {
        token,
        body: {
          name: `${kind} ${fake.baseUrl}`,
          kind,
          projectId: fake.projectId,
          apiKey: fake.apiKey,
          baseUrl: fake.baseUrl,
          startDate: new Date(now - historyDays * 86_400_000).toISOString().slice(0, 10),
        },
      });
      expect(res.status).toBe(201);
      return res.body.id;
    },
    async syncNow(sourceId: string): Promise<string> {
      const res = await call(syncRoute.POST, "POST", `/api/admin/sources/${sourceId}/sync`, params(sourceId));
      expect(res.status).toBe(202);
      return res.body.runId;
    },
    lastRun: async (sourceId: string): Promise<SyncRunDto> =>
      (await call(runsRoute.GET, "GET", `/api/admin/sources/${sourceId}/runs`, params(sourceId))).body[0],
    sourceOf: async (sourceId: string): Promise<SourceDto> =>
      (await call(sourcesRoute.GET, "GET", "/api/admin/sources", { token })).body.find((source: SourceDto) => source.id === sourceId),
    testConnection: async (sourceId: string): Promise<ConnectionTestDto> =>
      (await call(testRoute.POST, "POST", `/api/admin/sources/${sourceId}/test`, params(sourceId))).body,
  };
}
