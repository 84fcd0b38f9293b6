// `npm run import` and `npm run seed`, run for real against this test file's database.
import * as listRoute from "@/app/api/transcripts/route";
import * as analyticsRoute from "@/app/api/analytics/route";
import * as ingestRoute from "@/app/api/ingest/transcripts/route";
import * as detailRoute from "@/app/api/transcript/[transcriptId]/route";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/server/db";
import { storeRead } from "@/lib/server/store/active-database";
import { join, sql } from "@/lib/server/store/sql";
import { createIngestKey } from "@/lib/server/ingest/ingest-keys";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { runScript } from "../helpers/run-script";
import { testProvider } from "../helpers/database-provider";
import { fixture } from "../unit/transcripts/fixtures";

// Each command starts a TypeScript process; the machine may be busy.
jest.setTimeout(240_000);

const FIXTURES = "tests/fixtures/transcripts";
let token: string;

beforeAll(async () => {
  token = (await signedInUser()).token;
});

const list = (query: Record<string, string>) =>
  call(listRoute.GET, "GET", "/api/transcripts", {
    token,
    query: { startTime: "2024-01-01T00:00:00Z", endTime: "2026-12-31T00:00:00Z", limit: "100", ...query },
  });

describe("npm run import", () => {
  it("imports every valid fixture, and a second run updates without duplicating", async () => {
    const first = runScript("import", [`${FIXTURES}/valid`]);
    expect(first.output).toMatch(/Imported 14 transcripts from 10 files: 14 new, 0 updated, 0 rejected/);
    expect(first.code).toBe(0);
    expect(await db.transcript.count()).toBe(14);

    const second = runScript("import", [`${FIXTURES}/valid`]);
    expect(second.output).toMatch(/Imported 14 transcripts from 10 files: 0 new, 14 updated, 0 rejected/);
    expect(second.code).toBe(0);
    expect(await db.transcript.count()).toBe(14);

    const all = await list({});
    expect(all.body.total).toBe(14);
    expect((await list({ search: "ご注文" })).body.transcripts.map((t: { id: string }) => t.id)).toEqual(["65e7a1f0c2b3d4e5f6a7b809"]);
  });

  it("refreshes the planner's statistics of the tables it wrote (PostgreSQL's vacuumed too), and not of a table it barely changed", async () => {
    const result = runScript("import", [`${FIXTURES}/valid`]);
    expect(result.output).toMatch(/; the query planner's statistics refreshed in \d+\.\d s\./);
    if (testProvider() === "postgres") {
      const tables = [
        "Transcript",
        "TranscriptText",
        "TranscriptDenseWords",
        "TranscriptSlotCount",
        "TranscriptHourAttribute",
        "TranscriptDayVersion",
        "SearchWord",
        "DenseWord",
        "DenseWordDayCount",
      ];
      const rows = await storeRead<{ relname: string; vacuumed: boolean; analyzed: boolean }>(
        sql`SELECT relname, last_vacuum IS NOT NULL AS "vacuumed", last_analyze IS NOT NULL AS "analyzed" FROM pg_stat_user_tables WHERE relname IN (${join(tables)})`,
      );
      expect(rows.sort((a, b) => a.relname.localeCompare(b.relname))).toEqual(
        tables.sort().map((relname) => ({ relname, vacuumed: true, analyzed: true })),
      );

      // A few more transcripts change too little of an analysed table to refresh it.
      const analysedAt = async () =>
        (
          await storeRead<{ at: Date }>(sql`SELECT last_analyze AS "at" FROM pg_stat_user_tables WHERE relname = 'Transcript'`)
        )[0].at.getTime();
      const before = await analysedAt();
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), "import-few-")), "few.json");
      writeFileSync(
        file,
        JSON.stringify([
          {
            _id: "few-1",
            sessionID: "few",
            createdAt: "2025-03-02T10:00:00Z",
            dialog: [{ type: "request", payload: { payload: { query: "hello" } } }],
          },
        ]),
      );
      const few = runScript("import", [file]);
      expect(few.output).toMatch(/1 new, 0 updated, 0 rejected/);
      expect(await analysedAt()).toBe(before);
    } else {
      const rows = await storeRead<{ tbl: string }>(sql`SELECT DISTINCT tbl FROM sqlite_stat1 WHERE tbl IN ('Transcript', 'SearchWord')`);
      expect(rows.map((row) => row.tbl).sort()).toEqual(["SearchWord", "Transcript"]);
    }
  });

  it("stores each element of an export array as its text, and one that is not valid UTF-8 as decoded", async () => {
    const transcript = (id: string, query: string) =>
      `{"_id": "${id}", "sessionID": "s-${id}", "createdAt": "2025-03-01T10:00:00Z",\n  "dialog": [{"type": "request", "payload": {"payload": {"query": "${query}"}}}]}`;
    const elements = [
      Buffer.from(transcript("utf8-a", "ご注文の状況 😀")),
      Buffer.from(transcript("utf8-b", "plain")),
      Buffer.from(transcript("latin1-c", "caf\u00e9"), "latin1"),
    ];
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "import-bytes-")), "export.json");
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from("[\n"),
        ...elements.flatMap((element, i) => (i === 0 ? [element] : [Buffer.from(",\n"), element])),
        Buffer.from("]\n"),
      ]),
    );

    const result = runScript("import", [file]);
    expect(result.output).toMatch(/Imported 3 transcripts from 1 file: 3 new, 0 updated, 0 rejected/);
    const stored = async (id: string) => (await db.transcript.findUniqueOrThrow({ where: { id } })).source;
    expect(await stored("utf8-a")).toBe(elements[0].toString("utf8"));
    expect(await stored("utf8-b")).toBe(elements[1].toString("utf8"));
    expect(await stored("latin1-c")).toBe(elements[2].toString("utf8"));
    expect(await stored("latin1-c")).toContain("caf\uFFFD");
    const detail = await call(detailRoute.GET, "GET", "/api/transcript/utf8-a", { token, params: { transcriptId: "utf8-a" } });
    expect(detail.body.dialog[0].payload.payload.query).toBe("ご注文の状況 😀");
    await db.transcript.deleteMany({ where: { id: { in: ["utf8-a", "utf8-b", "latin1-c"] } } });
  });

  it("redacts personal data before storing, as the privacy settings say", async () => {
    const record = (id: string, query: string) => ({
      _id: id,
      sessionID: `s-${id}`,
      createdAt: "2025-03-02T10:00:00Z",
      device: "kiosk 198.51.100.23",
      dialog: [{ type: "request", payload: { payload: { query } } }],
    });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "import-private-")), "export.jsonl");
    writeFileSync(
      file,
      [record("private-a", "mail me at ana.silva@example.pt"), record("private-b", "my number is +351 912 345 678")]
        .map((r) => JSON.stringify(r))
        .join("\n"),
    );
    const result = runScript("import", [file]);
    expect(result.output).toMatch(/Imported 2 transcripts from 1 file: 2 new/);
    const rows = await db.transcript.findMany({ where: { id: { in: ["private-a", "private-b"] } }, orderBy: { id: "asc" } });
    expect(rows.map((row) => [row.question, row.device])).toEqual([
      ["mail me at [EMAIL]", "kiosk [IP]"],
      ["my number is [PHONE]", "kiosk [IP]"],
    ]);
    for (const row of rows) expect(row.source).not.toMatch(/ana\.silva|912 345|198\.51/);
    expect((await list({ search: "ana.silva" })).body.total).toBe(0);
    expect((await list({ search: "[EMAIL]" })).body.transcripts.map((t: { id: string }) => t.id)).toEqual(["private-a"]);
    await db.transcript.deleteMany({ where: { id: { in: ["private-a", "private-b"] } } });
  });

  it("stores the later of two versions of a transcript in one file, found by its words and not by the earlier's", async () => {
    const transcript = (id: string, query: string) => ({
      _id: id,
      sessionID: `s-${id}`,
      createdAt: "2025-03-02T10:00:00Z",
      dialog: [{ type: "request", payload: { payload: { query } } }],
    });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "import-twice-")), "export.json");
    writeFileSync(
      file,
      JSON.stringify([
        transcript("twice-a", "zebrafirst question"),
        transcript("once-b", "giraffeonly question"),
        transcript("twice-a", "walrussecond question"),
      ]),
    );

    const result = runScript("import", [file]);
    expect(result.output).toMatch(/Imported 3 transcripts from 1 file: 2 new, 1 updated, 0 rejected/);
    const ids = async (search: string) => (await list({ search })).body.transcripts.map((t: { id: string }) => t.id);
    expect(await ids("walrussecond")).toEqual(["twice-a"]);
    expect(await ids("zebrafirst")).toEqual([]);
    expect(await ids("giraffeonly")).toEqual(["once-b"]);
    expect(await ids("question")).toEqual(expect.arrayContaining(["twice-a", "once-b"]));
    await db.transcript.deleteMany({ where: { id: { in: ["twice-a", "once-b"] } } });
  });

  it("reports malformed files and bad records, imports the rest, and exits 1", async () => {
    const result = runScript("import", [`${FIXTURES}/malformed`, `${FIXTURES}/no-such-folder`]);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/Imported 2 transcripts from 5 files: 2 new, 0 updated, 12 rejected/);
    for (const line of [
      /no-such-folder: no such file or folder/,
      /broken-syntax\.json: not valid JSON/,
      /empty\.json: the file is empty/,
      /not-transcripts\.json: no transcripts found/,
      /partially-invalid\.json #1 \(id 65e7a1f0c2b3d4e5f6a7b8e2\): sessionID is missing/,
      /partially-invalid\.json #7 \(id 65e7a1f0c2b3d4e5f6a7b8e6\): dialog\[0\] is not an object/,
      /truncated-array\.json #0: the JSON array is not closed/,
    ]) {
      expect(result.output).toMatch(line);
    }
    expect(await db.transcript.count({ where: { id: { in: ["65e7a1f0c2b3d4e5f6a7b8e1", "65e7a1f0c2b3d4e5f6a7b8e7"] } } })).toBe(2);
  });

  it("shares ids with the ingest API: a pushed transcript updates the imported one", async () => {
    const { key } = await createIngestKey({ name: "import test", actor: await db.user.findFirstOrThrow() });
    const res = await call(ingestRoute.POST, "POST", "/api/ingest/transcripts", {
      body: fixture("valid/legacy-transcript.json"),
      headers: { "x-api-key": key },
    });
    expect(res.body).toEqual({ imported: 0, updated: 1, rejected: [] });
  });

  it("explains its usage", () => {
    const result = runScript("import", []);
    expect(result.code).toBe(2);
    expect(result.output).toMatch(/Usage: npm run import/);
  });
});

describe("npm run seed", () => {
  const args = ["--transcripts", "400", "--days", "10", "--seed", "7", "--end", "2026-01-10T00:00:00Z"];

  it("generates the same transcripts for the same seed, and --if-empty leaves a filled database alone", async () => {
    await db.transcript.deleteMany();
    await db.transcriptSlotCount.deleteMany();
    await db.transcriptHourAttribute.deleteMany();
    const first = runScript("seed", args);
    expect(first.output).toMatch(/Seeded 400 transcripts over 10 days \(seed 7\): 400 new, 0 updated/);
    expect(first.code).toBe(0);
    const ids = (await db.transcript.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((t) => t.id);

    const again = runScript("seed", args);
    expect(again.output).toMatch(/400 new|0 new, 400 updated/);
    expect(again.output).toMatch(/0 new, 400 updated/);
    expect((await db.transcript.findMany({ select: { id: true }, orderBy: { id: "asc" } })).map((t) => t.id)).toEqual(ids);

    const skipped = runScript("seed", [...args, "--if-empty"]);
    expect(skipped.output).toMatch(/Transcripts exist already/);
    expect(skipped.code).toBe(0);

    const range = { startTime: "2025-12-31T00:00:00Z", endTime: "2026-01-10T00:00:00Z" };
    expect((await list(range)).body.total).toBe(400);
    const stats = await call(analyticsRoute.GET, "GET", "/api/analytics", { token, query: range });
    expect(stats.body.total).toBe(400);
    expect(stats.body.deviceDistribution.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(["Desktop", "Mobile", "Tablet", "unknown"]),
    );
  });

  it("refuses bad options", () => {
    expect(runScript("seed", ["--transcripts", "0"]).code).toBe(2);
    expect(runScript("seed", ["--days", "x"]).code).toBe(2);
    expect(runScript("seed", ["--bogus"]).code).toBe(2);
  });
});
