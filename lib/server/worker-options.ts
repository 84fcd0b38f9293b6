import "server-only";

// Each worker thread is a TypeScript module, started as
// `new Worker(new URL("./x-worker.ts", import.meta.url), { execArgv: workerExecArgv(), ... })`:
// the server's build (Next) bundles the entry that this pattern names into a chunk of its own, and
// from source the worker runs its .ts entry through tsx. The commands run under tsx's CLI, whose
// hooks a worker inherits with the process's options; the tests (jest) load TypeScript through
// jest's own transform, which a worker does not inherit, so it is given tsx's require hook.

/** tsx's hook for the modules a worker requires, and the condition under which "server-only" resolves to nothing. */
const TSX_HOOK = ["--require", "tsx/cjs", "--conditions=react-server"];

/** The Node options of a worker thread: undefined (the process's own) where its entry runs as it is. */
export function workerExecArgv(): string[] | undefined {
  const runsBuild = process.env.NEXT_RUNTIME !== undefined;
  const runsUnderTsx = process.execArgv.some((option) => option.includes("tsx"));
  return runsBuild || runsUnderTsx ? undefined : [...process.execArgv, ...TSX_HOOK];
}
