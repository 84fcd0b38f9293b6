// Where a request's time goes, step by step, in one process and without HTTP: each step of the list
// call (and of the detail call) is run one call after another, after a warm-up, and timed per call.
//   DATABASE_URL=... tsx --conditions=react-server scripts/lib/bench-steps.ts [--iterations N]
// What HTTP and Next.js's routing add is what the whole route handler here does not account for in
// the served request (scripts/lib/bench-throughput.ts measures that side, constant route included).
import { hkdfSync } from "node:crypto";
import { NextRequest } from "next/server";
import { decode } from "next-auth/jwt";
import { jwtDecrypt } from "jose";
import { GET as listRoute } from "@/app/api/transcripts/route";
import { GET as detailRoute } from "@/app/api/transcript/[transcriptId]/route";
import { authenticateRequest, issueSessionToken } from "@/lib/server/auth/session";
import { db } from "@/lib/server/db";
import { sql, storeRead } from "@/lib/server/store/for-scripts";
import { getTranscript, listTranscripts } from "@/lib/server/store";
import { listTranscriptsQuerySchema } from "@/lib/schemas/transcripts";
import { getAuthSecret } from "@/lib/auth/session-config";
import { provisionUser, withDatabase } from "./bench-setup";
import { readCommandLine, wholeNumber } from "./command-line";
import { DAY_MS } from "@/lib/transcripts/time-buckets";

const usage = "Usage: DATABASE_URL=... tsx --conditions=react-server scripts/lib/bench-steps.ts [--iterations N]";

async function time(name: string, iterations: number, step: () => Promise<unknown> | unknown): Promise<void> {
  for (let i = 0; i < Math.min(200, iterations); i++) await step();
  const spent: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = process.hrtime.bigint();
    await step();
    spent.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  spent.sort((a, b) => a - b);
  const mean = spent.reduce((sum, value) => sum + value, 0) / spent.length;
  console.log(`| ${name} | ${mean.toFixed(0)} | ${spent[Math.floor(spent.length / 2)].toFixed(0)} |`);
}

async function main() {
  const { values } = readCommandLine({ options: { iterations: { type: "string" } } }, usage);
  const iterations = wholeNumber("iterations", values.iterations, 2000, { min: 10, max: 1_000_000 }, usage);
  const url = process.env.DATABASE_URL!;
  const email = "steps@example.com";
  provisionUser(url, email, "steps-password-123");
  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true, isAdmin: true } });
  const token = await issueSessionToken(user);
  const [{ id }] = await withDatabase(url, (query) => query<{ id: string }>(`SELECT "id" FROM "Transcript" LIMIT 1`));

  const now = Date.now();
  const search = `startTime=${new Date(now - 30 * DAY_MS).toISOString()}&endTime=${new Date(now).toISOString()}&page=1&limit=20`;
  const listUrl = `http://127.0.0.1/api/transcripts?${search}`;
  const request = (target: string) => new NextRequest(target, { headers: { authorization: `Bearer ${token}` } });
  const query = listTranscriptsQuerySchema.parse(Object.fromEntries(new URL(listUrl).searchParams));
  const page = await listTranscripts(query);
  const claims = (await decode({ token, secret: getAuthSecret() }))!;

  console.log(`${iterations} calls each, one after another; µs per call\n`);
  console.log("| step | mean µs | p50 µs |", "\n|---|---:|---:|");
  await time("NextRequest from a URL and headers", iterations, () => request(listUrl));
  await time("session token, next-auth decode (key derived on every call)", iterations, () => decode({ token, secret: getAuthSecret() }));
  const key = new Uint8Array(hkdfSync("sha256", getAuthSecret(), "", "NextAuth.js Generated Encryption Key", 32));
  await time("session token, jose jwtDecrypt with the key derived once (session.ts)", iterations, () =>
    jwtDecrypt(token, key, { clockTolerance: 15 }),
  );
  await time(
    "user check through Prisma's $queryRaw",
    iterations,
    () =>
      db.$queryRaw`
      SELECT s."userId", s."lastSeenAt", s."expiresAt", u."email", u."name", u."isAdmin", u."approved", u."isActive"
      FROM "Session" s JOIN "User" u ON u."id" = s."userId"
      WHERE s."id" = ${claims.sid}`,
  );
  await time("user check through the store's read (session.ts)", iterations, () =>
    storeRead(sql`
      SELECT s."userId", s."lastSeenAt", s."expiresAt", u."email", u."name", u."isAdmin", u."approved", u."isActive"
      FROM "Session" s JOIN "User" u ON u."id" = s."userId"
      WHERE s."id" = ${claims.sid}`),
  );
  await time("authenticateRequest (decode + user check)", iterations, () => authenticateRequest(request(listUrl)));
  await time("zod: list query parsed", iterations, () =>
    listTranscriptsQuerySchema.safeParse(Object.fromEntries(request(listUrl).nextUrl.searchParams)),
  );
  await time("query: listTranscripts, 30 days, page 1 of 20", iterations, () => listTranscripts(query));
  await time("JSON: the page serialised (JSON.stringify)", iterations, () => JSON.stringify(page));
  await time("JSON: NextResponse.json(page) and its body read", iterations, () => Response.json(page).text());
  await time("whole list route handler (all of the above)", iterations, async () =>
    (await listRoute(request(listUrl), { params: Promise.resolve({}) })).text(),
  );
  await time("query: getTranscript", iterations, () => getTranscript(id));
  await time("whole detail route handler", iterations, async () =>
    (await detailRoute(request(`http://127.0.0.1/api/transcript/${id}`), { params: Promise.resolve({ transcriptId: id }) })).text(),
  );
  await db.$disconnect();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
