// Scripts of this repository bundled into one file by esbuild, as the server's build bundles its
// code (hot loops then call functions directly, not through the getter that a per-file transform
// such as tsx's puts on every imported binding): the measurements of the jobs the server runs
// (bench-privacy-run.ts) run bundled. Their worker threads run from source (worker-options.ts).
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Loader, type Plugin } from "esbuild";

const ROOT = path.resolve(__dirname, "..", "..");
/** Bundles are written here: packages left out of a bundle resolve from its folder up to node_modules. */
const BUNDLE_DIR = path.join(ROOT, "node_modules", ".cache", "ts-bundle");

/**
 * Each module's `import.meta.url` stays its own source file's URL, as where it runs from source:
 * a worker's entry (`new URL("./x-worker.ts", import.meta.url)`) and Prisma's generated client's
 * files are found beside it.
 */
const sourceUrls: Plugin = {
  name: "source-urls",
  setup(build) {
    build.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const contents = readFileSync(args.path, "utf8").replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: path.extname(args.path).slice(1).replace("mts", "ts").replace("mjs", "js") as Loader };
    });
  },
};

/**
 * Writes `file` (relative to the repository) and the repository's modules it imports as one script
 * that leaves packages out, and returns its path; run it with `node --conditions=react-server`.
 */
export async function bundleScript(file: string): Promise<string> {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const outfile = path.join(BUNDLE_DIR, `${path.basename(file, ".ts")}-${process.pid}.cjs`);
  await build({
    bundle: true,
    platform: "node",
    format: "cjs",
    target: `node${process.versions.node.split(".")[0]}`,
    tsconfig: path.join(ROOT, "tsconfig.json"),
    // "server-only" resolves to nothing, as in the commands' own process (--conditions=react-server).
    conditions: ["react-server"],
    logLevel: "error",
    entryPoints: [path.join(ROOT, file)],
    outfile,
    packages: "external",
    plugins: [sourceUrls],
  });
  return outfile;
}
