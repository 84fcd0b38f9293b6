// TypeScript files of this repository bundled into one script by esbuild, as the server's build
// bundles its code: hot loops then call functions directly, not through the getter that a per-file
// transform (tsx's) puts on every imported binding. The measurements of the jobs the server runs
// (bench-privacy-run.ts) run bundled for that reason, and so do the import and seed workers.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { buildSync, type BuildOptions } from "esbuild";

const ROOT = path.resolve(__dirname, "..", "..");
/** Bundles are written here: packages left out of a bundle resolve from its folder up to node_modules. */
const BUNDLE_DIR = path.join(ROOT, "node_modules", ".cache", "ts-bundle");

const COMMON: BuildOptions = {
  bundle: true,
  platform: "node",
  format: "cjs",
  target: `node${process.versions.node.split(".")[0]}`,
  tsconfig: path.join(ROOT, "tsconfig.json"),
  // "server-only" resolves to nothing, as in the commands' own process (--conditions=react-server).
  conditions: ["react-server"],
  logLevel: "error",
};

/** Starts a worker thread running `file` and everything it imports, packages included, as one script. */
export function startTsWorker(file: string, workerData: unknown): Worker {
  const { outputFiles } = buildSync({ ...COMMON, entryPoints: [file], write: false });
  return new Worker(outputFiles[0].text, { eval: true, workerData });
}

/**
 * Writes `file` (relative to the repository) and the repository's modules it imports as one script
 * that leaves packages out, and returns its path; run it with `node --conditions=react-server`.
 * `import.meta.url` (Prisma's generated client reads it) is the bundle's own URL.
 */
export function bundleScript(file: string): string {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const outfile = path.join(BUNDLE_DIR, `${path.basename(file, ".ts")}-${process.pid}.cjs`);
  buildSync({
    ...COMMON,
    entryPoints: [path.join(ROOT, file)],
    outfile,
    packages: "external",
    define: { "import.meta.url": "importMetaUrl" },
    banner: { js: 'const importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
  return outfile;
}
