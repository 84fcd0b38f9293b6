// Where the browser tests find the server that the global setup started.
import { readFileSync } from "node:fs";

export interface ServerState {
  baseUrl: string;
  databaseUrl: string;
  pid: number;
  workDir: string;
  /** How far the browsers' clocks run ahead of the real one (tests/e2e/support/clock.ts). */
  clockOffsetMs: number;
}

/** The global setup writes the state into its run folder and names the file in E2E_STATE_FILE. */
export function readServerState(): ServerState {
  const file = process.env.E2E_STATE_FILE;
  if (!file) throw new Error("E2E_STATE_FILE is not set: the e2e global setup did not run");
  return JSON.parse(readFileSync(file, "utf8")) as ServerState;
}

/** The transcripts every browser test can rely on: the seed generator's output for these options, up to the browser's now. */
export const E2E_SEED = { transcripts: 600, days: 60, seed: "e2e" } as const;

/** Where the browser tests' production build lives; E2E_DIST_DIR lets two runs build side by side. */
export const E2E_DIST_DIR = process.env.E2E_DIST_DIR || ".next-e2e";
