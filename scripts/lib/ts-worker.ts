// Starts a worker thread running a TypeScript file. The file and what it imports are bundled into
// one script by esbuild first: a worker's hot loops then call functions directly, not through the
// getter that a per-file transform (tsx's) puts on every imported binding.
import path from "node:path";
import { Worker } from "node:worker_threads";
import { buildSync } from "esbuild";

const ROOT = path.resolve(__dirname, "..", "..");

export function startTsWorker(file: string, workerData: unknown): Worker {
  const { outputFiles } = buildSync({
    entryPoints: [file],
    bundle: true,
    write: false,
    platform: "node",
    format: "cjs",
    target: `node${process.versions.node.split(".")[0]}`,
    tsconfig: path.join(ROOT, "tsconfig.json"),
    // "server-only" resolves to nothing, as in the commands' own process (--conditions=react-server).
    conditions: ["react-server"],
    logLevel: "error",
  });
  return new Worker(outputFiles[0].text, { eval: true, workerData });
}
