// Scripts of this repository bundled into one file by esbuild, as the server's build bundles its
// code (lib/server/source-worker.ts says why): the measurements of the jobs the server runs
// (bench-privacy-run.ts) run bundled.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { SOURCE_BUNDLE_OPTIONS } from "@/lib/server/source-worker";

const ROOT = path.resolve(__dirname, "..", "..");
/** Bundles are written here: packages left out of a bundle resolve from its folder up to node_modules. */
const BUNDLE_DIR = path.join(ROOT, "node_modules", ".cache", "ts-bundle");

/**
 * Writes `file` (relative to the repository) and the repository's modules it imports as one script
 * that leaves packages out, and returns its path; run it with `node --conditions=react-server`.
 * `import.meta.url` (Prisma's generated client reads it) is the bundle's own URL.
 */
export function bundleScript(file: string): string {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const outfile = path.join(BUNDLE_DIR, `${path.basename(file, ".ts")}-${process.pid}.cjs`);
  buildSync({
    ...SOURCE_BUNDLE_OPTIONS,
    entryPoints: [path.join(ROOT, file)],
    outfile,
    packages: "external",
    define: { "import.meta.url": "importMetaUrl" },
    banner: { js: 'const importMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
  });
  return outfile;
}
