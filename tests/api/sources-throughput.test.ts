// Throughput of a sync from the fake platform (docs/benchmarks/targets.md, Methods): 10,000 transcripts of the
// Transcripts API through "Sync now" and the job runner with its default budget and the default
// fetch concurrency, timed from the click to the run's end, on each database. It prints the figure
// and asserts only that everything arrived; it runs when SYNC_BENCH=1 and is skipped otherwise:
//   SYNC_BENCH=1 npx jest --selectProjects api-sqlite api-postgres --runTestsByPath tests/api/sources-throughput.test.ts
import * as sourcesRoute from "@/app/api/admin/sources/route";
import * as syncRoute from "@/app/api/admin/sources/[sourceId]/sync/route";
import { db } from "@/lib/server/db";
import { fetchConcurrency } from "@/lib/server/sources/sync-settings";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { startFakeVoiceflow } from "../helpers/fake-voiceflow";
import { syncToEnd, useSourcesEnvironment } from "../helpers/fake-voiceflow-sources";

useSourcesEnvironment();
delete process.env.SOURCES_FETCH_CONCURRENCY;

const COUNT = 10_000;
const benchIt = process.env.SYNC_BENCH === "1" ? it : it.skip;

benchIt(
  `syncs ${COUNT.toLocaleString("en-US")} transcripts`,
  async () => {
    jest.setTimeout(300_000);
    const { token } = await signedInUser({ isAdmin: true });
    const fake = await startFakeVoiceflow({ count: COUNT, days: 30, endMs: Date.now() - 60_000, seed: "throughput" });
    try {
      const created = await call(sourcesRoute.POST, "POST", "/api/admin/sources", {
        token,
        body: {
          name: "Throughput",
          kind: "voiceflow-v1",
          projectId: fake.projectId,
          apiKey: fake.apiKey,
          baseUrl: fake.baseUrl,
          startDate: new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10),
        },
      });
      const sourceId = created.body.id;
      const started = performance.now();
      const sync = await call(syncRoute.POST, "POST", `/api/admin/sources/${sourceId}/sync`, { token, params: { sourceId } });
      const calls = await syncToEnd(sync.body.runId);
      const seconds = (performance.now() - started) / 1000;
      const run = await db.syncRun.findUniqueOrThrow({ where: { id: sync.body.runId } });
      expect(run).toMatchObject({ status: "succeeded", fetched: COUNT, created: COUNT });
      console.log(
        `sync throughput (${process.env.DATABASE_URL?.startsWith("postgres") ? "PostgreSQL" : "SQLite"}): ${COUNT} transcripts in ${seconds.toFixed(1)} s ` +
          `(${Math.round(COUNT / seconds)}/s), fetch concurrency ${fetchConcurrency()}, ${run.pages} pages, ${calls} runner call(s), ${fake.calls.detail} detail requests`,
      );
    } finally {
      await fake.close();
    }
  },
  300_000,
);
