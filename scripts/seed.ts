// `npm run seed -- --transcripts N --days D --seed S [--end ISO] [--if-empty]`
// Deterministic demo data into DATABASE_URL: N transcripts over the D days up to --end (default
// now), through the same normaliser and store as imports. --if-empty does nothing when the
// database already holds transcripts (the demo command uses it).
import { Worker } from "node:worker_threads";
import { db, disconnectDb } from "@/lib/server/db";
import { beginBulkWrites, closeStore, currentSignalSettings, finishBulkWrites, saveTranscripts } from "@/lib/server/store";
import { workerExecArgv } from "@/lib/server/worker-options";
import { parseInstant } from "@/lib/transcripts/instant";
import type { SeedBatch } from "./lib/seed-worker";
import { receiveBatches } from "./lib/batch-channel";
import { formatCount, Progress } from "./lib/progress";
import { readCommandLine, runCommand, usageError, wholeNumber } from "./lib/command-line";
import type { GeneratorOptions } from "./lib/transcript-generator";

const USAGE = "Usage: npm run seed -- --transcripts N [--days D] [--seed S] [--end ISO-date] [--if-empty]";
const BATCH_SIZE = 5000;

function readOptions() {
  const { values } = readCommandLine(
    {
      options: {
        transcripts: { type: "string", short: "n" },
        days: { type: "string" },
        seed: { type: "string", default: "1" },
        end: { type: "string" },
        "if-empty": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    },
    USAGE,
  );
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const end =
    values.end === undefined ? Date.now() : (parseInstant(values.end)?.getTime() ?? usageError("--end must be an ISO date", USAGE));
  return {
    transcripts: wholeNumber("transcripts", values.transcripts, 2000, { min: 1, max: 20_000_000 }, USAGE),
    days: wholeNumber("days", values.days, 90, { min: 1, max: 3650 }, USAGE),
    seed: values.seed,
    end,
    ifEmpty: values["if-empty"],
  };
}

async function main() {
  const args = readOptions();
  if (args.ifEmpty && (await db.transcript.findFirst({ select: { id: true } }))) {
    console.log("Transcripts exist already: demo transcripts not seeded.");
    return;
  }
  await beginBulkWrites();
  const options: GeneratorOptions = { count: args.transcripts, days: args.days, seed: args.seed, endMs: args.end };
  const signalRules = await currentSignalSettings();
  const worker = new Worker(new URL("./lib/seed-worker.ts", import.meta.url), {
    execArgv: workerExecArgv(),
    workerData: { options, batchSize: BATCH_SIZE, signalSettings: signalRules.settings },
  });
  const progress = new Progress("Seeding", args.transcripts);
  let imported = 0;
  let updated = 0;
  for await (const { transcripts, words, signals } of receiveBatches<SeedBatch>(worker)) {
    const saved = await saveTranscripts(transcripts, { bulk: true, words, signals: { rows: signals, rulesVersion: signalRules.version } });
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

runCommand(main, { close: () => Promise.all([disconnectDb(), closeStore()]) });
