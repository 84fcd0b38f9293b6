// Starts a worker thread running a TypeScript file (tsx's loader is not inherited by workers).
import { Worker } from "node:worker_threads";

export function startTsWorker(file: string, workerData: unknown): Worker {
  return new Worker(`require("tsx/cjs/api").register(); require(${JSON.stringify(file)});`, { eval: true, workerData });
}
