// `npm run seed -- --transcripts N --days D --seed S [--end ISO] [--if-empty]`
// Deterministic demo data into DATABASE_URL: N transcripts over the D days up to --end (default
// now), through the same normaliser and store as imports. --if-empty does nothing when the
// database already holds transcripts (the demo command uses it).
import path from "node:path";
import { db, disconnectDb } from "@/lib/server/db";
import { beginBulkWrites, closeStore, finishBulkWrites, saveTranscripts } from "@/lib/server/store";
import { parseInstant } from "@/lib/transcripts/instant";
import type { SeedBatch } from "./lib/seed-worker";
import { receiveBatches } from "./lib/batch-channel";
import { formatCount, Progress } from "./lib/progress";
import { startTsWorker } from "./lib/ts-worker";
import type { GeneratorOptions } from "./lib/transcript-generator";

const USAGE = "Usage: npm run seed -- --transcripts N [--days D] [--seed S] [--end ISO-date] [--if-empty]";
const BATCH_SIZE = 5000;

function parseArgs(argv: string[]) {
  const options = { transcripts: 2000, days: 90, seed: "1", end: Date.now(), ifEmpty: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) fail(`${arg} needs a value`);
      return next;
    };
    if (arg === "--transcripts" || arg === "-n") options.transcripts = wholeNumber(arg, value(), 1, 20_000_000);
    else if (arg === "--days") options.days = wholeNumber(arg, value(), 1, 3650);
    else if (arg === "--seed") options.seed = value();
    else if (arg === "--end") options.end = parseInstant(value())?.getTime() ?? fail("--end must be an ISO date");
    else if (arg === "--if-empty") options.ifEmpty = true;
    else if (arg === "--help" || arg === "-h") {
      console.log(USAGE);
      process.exit(0);
    } else fail(`Unknown option ${arg}`);
  }
  return options;
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  const number = Number(text.replace(/_/g, ""));
  if (!Number.isInteger(number) || number < min || number > max) fail(`${name} must be a whole number from ${min} to ${max}`);
  return number;
}

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.ifEmpty && (await db.transcript.findFirst({ select: { id: true } }))) {
    console.log("Transcripts exist already: demo transcripts not seeded.");
    return;
  }
  await beginBulkWrites();
  const options: GeneratorOptions = { count: args.transcripts, days: args.days, seed: args.seed, endMs: args.end };
  const worker = startTsWorker(path.join(__dirname, "lib", "seed-worker.ts"), { options, batchSize: BATCH_SIZE });
  const progress = new Progress("Seeding", args.transcripts);
  let imported = 0;
  let updated = 0;
  for await (const { transcripts, words } of receiveBatches<SeedBatch>(worker)) {
    const saved = await saveTranscripts(transcripts, { bulk: true, words });
    imported += saved.imported;
    updated += saved.updated;
    progress.update(imported + updated);
  }
  progress.done();
  const seconds = progress.elapsedSeconds;
  await finishBulkWrites("seed");
  console.log(
    `Seeded ${formatCount(imported + updated)} transcripts over ${args.days} days (seed ${args.seed}): ${formatCount(imported)} new, ` +
      `${formatCount(updated)} updated, in ${seconds.toFixed(1)} s (${formatCount((imported + updated) / Math.max(seconds, 0.001))}/s).`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => Promise.all([disconnectDb(), closeStore()]));
