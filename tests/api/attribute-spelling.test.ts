// The migration that gives device, OS and browser names one spelling (this file runs on SQLite and
// on PostgreSQL): transcripts stored before it in several spellings read, in the list and the
// analytics, as one name with the counts added together.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as analyticsRoute from "@/app/api/analytics/route";
import * as listRoute from "@/app/api/transcripts/route";
import { db } from "@/lib/server/db";
import { databaseName } from "@/lib/server/store";
import { call } from "../helpers/api-client";
import { signedInUser } from "../helpers/users";
import { storeTranscripts } from "./transcripts-test-data";

const RANGE = { startTime: "2025-04-01T00:00:00.000Z", endTime: "2025-04-01T23:59:59.999Z", tz: "UTC" };
const HOUR = Math.floor(Date.parse("2025-04-01T10:00:00.000Z") / 3_600_000);

function migrationStatements(): string[] {
  const folder = databaseName() === "postgresql" ? "prisma/postgres/migrations" : "prisma/migrations";
  const name = readdirSync(folder).find((entry) => entry.endsWith("_attribute_spelling"))!;
  return readFileSync(join(folder, name, "migration.sql"), "utf8")
    .replace(/^--.*$/gm, "")
    .split(";")
    .map((statement) => statement.trim())
    .filter(Boolean);
}

it("converts the names stored before, the hourly counts with them", async () => {
  const { token } = await signedInUser();
  await storeTranscripts([
    { id: "sp-1", createdAt: "2025-04-01T10:00:00.000Z", device: "desktop", browser: "chrome", turns: ["user: hi", "Hello"] },
    { id: "sp-2", createdAt: "2025-04-01T10:20:00.000Z", device: "desktop", browser: "chrome", turns: ["user: hi", "Hello"] },
    { id: "sp-3", createdAt: "2025-04-01T10:40:00.000Z", device: "Kiosk [IP]", turns: ["user: hi", "Hello"] },
  ]);
  // As stored before the one spelling: "desktop" and "DESKTOP", "chrome" and "Chrome", counted apart.
  await db.$executeRaw`UPDATE "Transcript" SET "device" = 'desktop', "browser" = 'chrome' WHERE "id" = 'sp-1'`;
  await db.$executeRaw`UPDATE "Transcript" SET "device" = 'DESKTOP' WHERE "id" = 'sp-2'`;
  await db.$executeRaw`DELETE FROM "TranscriptHourAttribute" WHERE "hour" = ${HOUR} AND "dimension" IN ('device', 'browser') AND "value" IN ('Desktop', 'Chrome')`;
  await db.$executeRaw`INSERT INTO "TranscriptHourAttribute" ("dimension", "hour", "value", "count") VALUES
    ('device', ${HOUR}, 'desktop', 1), ('device', ${HOUR}, 'DESKTOP', 1), ('browser', ${HOUR}, 'chrome', 1), ('browser', ${HOUR}, 'Chrome', 1)`;

  // One connection: the migration's temporary table lives in it.
  await db.$transaction(async (tx) => {
    for (const statement of migrationStatements()) await tx.$executeRawUnsafe(statement);
  });

  const analytics = await call(analyticsRoute.GET, "GET", "/api/analytics", { token, query: RANGE });
  expect(analytics.body.deviceDistribution).toEqual([
    { name: "Desktop", value: 2 },
    { name: "Kiosk [IP]", value: 1 },
  ]);
  expect(analytics.body.browserDistribution).toEqual([
    { name: "Chrome", value: 2 },
    { name: "unknown", value: 1 },
  ]);
  const list = await call(listRoute.GET, "GET", "/api/transcripts", {
    token,
    query: { ...RANGE, page: "1", limit: "10", device: "desktop" },
  });
  expect(list.body.transcripts.map((row: { id: string; device: string }) => [row.id, row.device]).sort()).toEqual([
    ["sp-1", "Desktop"],
    ["sp-2", "Desktop"],
  ]);
});
