// `npm run import -- <file or folder>...`: imports the bot platform's JSON exports into
// DATABASE_URL. Accepts every shape in ../shared/TRANSCRIPT-FORMAT.md (.json files holding one
// transcript, an array of them, an object holding them, or a bare dialog; .jsonl/.ndjson with one
// transcript a line); folders are searched recursively. Personal data is redacted as the privacy
// settings say (Admin › Privacy) before anything is stored, and transcripts erased on request or
// past retention are skipped (counted, not stored). Safe to run twice: transcripts are matched by
// id and updated, never duplicated. Records or files that cannot be read are reported and skipped.
// Exit code 0 when everything was imported or skipped, 1 when something was rejected.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { disconnectDb } from "@/lib/server/db";
import { getPrivacySettings } from "@/lib/server/privacy/privacy-settings";
import { personKeySecret } from "@/lib/server/privacy/person-key-secret";
import { saveAdmittedTranscripts } from "@/lib/server/privacy/save-admitted-transcripts";
import { workerExecArgv } from "@/lib/server/worker-options";
import { beginBulkWrites, closeStore, currentSignalSettings, finishBulkWrites } from "@/lib/server/store";
import { receiveBatches } from "./lib/batch-channel";
import type { FileRejection, ImportBatch } from "./lib/import-worker";
import { formatCount, Progress } from "./lib/progress";
import { readCommandLine, runCommand, usageError } from "./lib/command-line";

const USAGE = "Usage: npm run import -- <file or folder> [more files or folders]";
const BATCH_SIZE = 5000;
const SHOWN_REJECTIONS = 50;
const EXPORT_FILE = /\.(json|jsonl|ndjson)$/i;

async function collectFiles(inputs: string[], rejected: FileRejection[]): Promise<{ path: string; size: number }[]> {
  const files: { path: string; size: number }[] = [];
  const visit = async (target: string, explicit: boolean) => {
    let info;
    try {
      info = await stat(target);
    } catch {
      rejected.push({ file: target, reason: "no such file or folder" });
      return;
    }
    if (info.isDirectory()) {
      const entries = (await readdir(target)).sort();
      for (const entry of entries) if (!entry.startsWith(".")) await visit(path.join(target, entry), false);
    } else if (explicit || EXPORT_FILE.test(target)) {
      files.push({ path: target, size: info.size });
    }
  };
  for (const input of inputs) await visit(input, true);
  return files;
}

async function main(): Promise<number> {
  const { values, positionals: inputs } = readCommandLine(
    { options: { help: { type: "boolean", short: "h", default: false } }, allowPositionals: true },
    USAGE,
  );
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (inputs.length === 0) usageError("Name a file or folder to import.", USAGE);
  const rejected: FileRejection[] = [];
  const files = await collectFiles(inputs, rejected);
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  await beginBulkWrites();

  const progress = new Progress("Importing", totalBytes, "bytes");
  let imported = 0;
  let updated = 0;
  let skipped = 0;
  if (files.length > 0) {
    const signalRules = await currentSignalSettings();
    const worker = new Worker(new URL("./lib/import-worker.ts", import.meta.url), {
      execArgv: workerExecArgv(),
      workerData: {
        files: files.map((file) => JSON.stringify(file)),
        batchSize: BATCH_SIZE,
        signalSettings: signalRules.settings,
        privacySettings: (await getPrivacySettings()).settings,
        personKeySecret: await personKeySecret(),
      },
    });
    for await (const batch of receiveBatches<ImportBatch>(worker)) {
      if (batch.transcripts.length > 0) {
        const signals = { rows: batch.signals, rulesVersion: signalRules.version };
        const saved = await saveAdmittedTranscripts(batch.transcripts, { bulk: true, words: batch.words, signals });
        imported += saved.imported;
        updated += saved.updated;
        skipped += saved.skipped.length;
      }
      rejected.push(...batch.rejected);
      progress.update(batch.bytesRead, `· ${formatCount(imported + updated)} transcripts`);
    }
  }
  progress.done();

  const seconds = progress.elapsedSeconds;
  const stored = imported + updated;
  // The rate is of storing; the statistics of the tables written are refreshed after it (as after a seed).
  let statistics = "";
  if (stored > 0) {
    const finishing = performance.now();
    await finishBulkWrites("import");
    statistics = `; the query planner's statistics refreshed in ${((performance.now() - finishing) / 1000).toFixed(1)} s`;
  }
  console.log(
    `Imported ${formatCount(stored)} transcripts from ${files.length} file${files.length === 1 ? "" : "s"}: ${formatCount(imported)} new, ` +
      `${formatCount(updated)} updated, ${formatCount(rejected.length)} rejected, ` +
      (skipped > 0 ? `${formatCount(skipped)} skipped (erased on request or past retention), ` : "") +
      `in ${seconds.toFixed(1)} s (${formatCount(stored / Math.max(seconds, 0.001))}/s)${statistics}.`,
  );
  if (rejected.length > 0) {
    console.log("Rejected:");
    for (const entry of rejected.slice(0, SHOWN_REJECTIONS)) {
      const where = entry.index === undefined ? entry.file : `${entry.file} #${entry.index}`;
      console.log(`  ${where}${entry.id ? ` (id ${entry.id})` : ""}: ${entry.reason}`);
    }
    if (rejected.length > SHOWN_REJECTIONS) console.log(`  ... and ${formatCount(rejected.length - SHOWN_REJECTIONS)} more`);
  }
  return rejected.length > 0 ? 1 : 0;
}

runCommand(main, { close: () => Promise.all([disconnectDb(), closeStore()]) });
