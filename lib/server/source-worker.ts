import path from "node:path";
import { Worker } from "node:worker_threads";
import type { BuildOptions } from "esbuild";

// Worker threads whose entry is a TypeScript module of this repository, started from source (the
// commands and the tests): the entry and everything it imports, packages included, are bundled into
// one script by esbuild, as the server's build bundles its code (hot loops then call functions
// directly, not through the getter that a per-file transform such as tsx's puts on every imported
// binding), and the worker runs that script. In the server's build, Next bundles each entry that
// `new Worker(new URL(..., import.meta.url))` names into a chunk of its own instead.

/** The repository's root: the commands and the tests run from it (npm runs scripts there). */
const ROOT = process.cwd();

/** How the repository's TypeScript is bundled to run from source, here and in scripts/lib/ts-bundle.ts. */
export const SOURCE_BUNDLE_OPTIONS: BuildOptions = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: `node${process.versions.node.split(".")[0]}`,
  tsconfig: path.join(ROOT, "tsconfig.json"),
  // "server-only" resolves to nothing, as in the commands' own process (--conditions=react-server).
  conditions: ["react-server"],
  logLevel: "error",
};

/** Whether this process runs the repository's source (commands, tests) rather than the server's build. */
export const runsFromSource = process.env.NEXT_RUNTIME === undefined;

/** Each entry's script, bundled once per process. */
const scripts = new Map<string, string>();

/** Starts a worker thread running `file` (relative to the repository's root) and everything it imports. */
export async function startSourceWorker(file: string, workerData: unknown): Promise<Worker> {
  let script = scripts.get(file);
  if (script === undefined) {
    // Loaded only where the source runs: the server's build neither bundles nor ships esbuild.
    const { buildSync } = await import(/* turbopackIgnore: true */ "esbuild");
    // Not traced by the server's build: the path names a source file, which the build does not ship.
    const entry = path.join(/* turbopackIgnore: true */ ROOT, file);
    script = buildSync({ ...SOURCE_BUNDLE_OPTIONS, entryPoints: [entry], write: false }).outputFiles[0].text;
    scripts.set(file, script);
  }
  return new Worker(script, { eval: true, workerData });
}
