// The full check of a custom pattern before it is saved: the rules of custom-pattern-rules.ts,
// then a run against adversarial texts built from the pattern's own characters, on a worker thread
// that is terminated as soon as one run takes longer than the time limit, so that a catastrophic
// pattern costs the server one limit and a worker, never a stuck thread. Server-side only.
import { Worker } from "node:worker_threads";
import { adversarialInputs, customPatternNameProblem, customPatternProblem } from "./custom-pattern-rules";

export const PATTERN_TIME_LIMIT_MS = 50;
/** Longer than nearly every message; long enough that backtracking beyond quadratic shows. */
export const PATTERN_TEST_TEXT_LENGTH = 3_000;

export type PatternCheck = { ok: true } | { ok: false; message: string };

export interface PatternTimingOptions {
  timeLimitMs?: number;
  testTextLength?: number;
}

// Runs the pattern as redaction does (flags gu, every match) over each input in turn, and says when
// each run starts and how long it took.
const TIMING_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const regex = new RegExp(workerData.pattern, "gu");
workerData.inputs.forEach((input, index) => {
  parentPort.postMessage({ type: "start", index });
  const started = performance.now();
  let hasEmptyMatch = false;
  regex.lastIndex = 0;
  for (let match = regex.exec(input); match; match = regex.exec(input)) {
    if (match[0] === "") {
      hasEmptyMatch = true;
      regex.lastIndex += 1;
    }
  }
  parentPort.postMessage({ type: "done", index, ms: performance.now() - started, hasEmptyMatch });
});
`;

type TimingMessage = { type: "start"; index: number } | { type: "done"; index: number; ms: number; hasEmptyMatch: boolean };
type TimingResult = "fast" | "slow" | "empty" | "failed";

/** Whether a custom pattern may be saved, or why not (a message for the administrator). */
export async function validateCustomPattern(name: string, pattern: string, options: PatternTimingOptions = {}): Promise<PatternCheck> {
  const problem = customPatternNameProblem(name) ?? customPatternProblem(pattern);
  if (problem) return { ok: false, message: problem };
  const timeLimitMs = options.timeLimitMs ?? PATTERN_TIME_LIMIT_MS;
  const testTextLength = options.testTextLength ?? PATTERN_TEST_TEXT_LENGTH;
  const result = await timePattern(pattern, adversarialInputs(pattern, testTextLength), timeLimitMs);
  if (result === "fast") return { ok: true };
  if (result === "empty") return { ok: false, message: "Pattern matches the empty string" };
  if (result === "failed") return { ok: false, message: "Pattern could not be tested" };
  return {
    ok: false,
    message: `Pattern takes longer than ${timeLimitMs} ms on a ${testTextLength.toLocaleString("en-US")}-character test text: it backtracks too much`,
  };
}

function timePattern(pattern: string, inputs: string[], timeLimitMs: number): Promise<TimingResult> {
  return new Promise((resolve) => {
    const worker = new Worker(TIMING_SOURCE, {
      eval: true,
      workerData: { pattern, inputs },
      resourceLimits: { maxOldGenerationSizeMb: 64 },
    });
    let isSettled = false;
    let runTimer: NodeJS.Timeout | undefined;
    // Starting the worker is not the pattern's time; a worker that never starts a run is stopped too.
    const startTimer = setTimeout(() => settle("failed"), 10_000);
    const settle = (result: TimingResult) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(runTimer);
      clearTimeout(startTimer);
      void worker.terminate();
      resolve(result);
    };
    worker.on("message", (message: TimingMessage) => {
      if (message.type === "start") {
        clearTimeout(startTimer);
        clearTimeout(runTimer);
        runTimer = setTimeout(() => settle("slow"), timeLimitMs);
      } else if (message.ms > timeLimitMs) {
        settle("slow");
      } else if (message.hasEmptyMatch) {
        settle("empty");
      } else if (message.index === inputs.length - 1) {
        settle("fast");
      }
    });
    worker.on("error", () => settle("failed"));
    worker.on("exit", () => settle("failed"));
  });
}
