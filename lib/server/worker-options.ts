import "server-only";

// Each worker thread is a TypeScript module, started as
// `new Worker(new URL("./x-worker.ts", import.meta.url), { execArgv: workerExecArgv(), ... })`:
// the server's build (Next) bundles the entry that this pattern names into a chunk of its own, and
// from source (the commands under tsx, the tests under jest) the worker loads its .ts entry with
// tsx's require hook. A worker of the tsx CLI is not left the CLI's own options: their module
// hooks do not reach a worker's entry on Node 20.

/** tsx's hook for the modules a worker requires, and the condition under which "server-only" resolves to nothing. */
const TSX_HOOK = ["--require", "tsx/cjs", "--conditions=react-server"];

/** The Node options of a worker thread: undefined (the process's own) where its entry is the build's JavaScript. */
export function workerExecArgv(): string[] | undefined {
  return process.env.NEXT_RUNTIME === undefined ? TSX_HOOK : undefined;
}
