// Whether `npm run demo` may serve the production build already in place instead of building again:
// a build it made records, beside itself, the digest of what it was built from (the checkout's
// files less tests and docs, the package lock among them, the environment a build reads, Node's
// version) and its BUILD_ID; a later start reuses it when both still match. Outside a git checkout
// the files cannot be listed, and every start builds.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The record of a build's inputs, in the build's folder (a new build empties the folder). */
export const BUILD_STAMP_FILE = "portal-build-inputs.json";

/** Files of the checkout that no build reads. */
const NOT_BUILT = [/^tests\//, /^docs\//, /^\.ci\//, /\.md$/];

/** Files Next.js loads into the build's environment; git ignores them, so they are added by name. */
const ENV_FILES = [".env", ".env.local", ".env.production", ".env.production.local"];

/** Environment variables a build reads: next.config.mjs's and those Next.js inlines into the pages. */
const BUILD_ENV = /^(NODE_ENV|NEXT_DIST_DIR|NEXT_PUBLIC_\w+)$/;

const byName = ([a], [b]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The digest of a build's inputs: each file's path with the digest of its content, the variables of
 * `env` a build reads, and Node's version. The same inputs in any order give the same digest.
 * @param {{ files: [string, string][], env: Record<string, string | undefined>, nodeVersion: string }} inputs
 */
export function buildInputsDigest({ files, env, nodeVersion }) {
  const hash = createHash("sha256");
  for (const [file, digest] of [...files].sort(byName)) hash.update(`file ${file} ${digest}\n`);
  const read = Object.entries(env).filter(([name, value]) => BUILD_ENV.test(name) && value !== undefined);
  for (const [name, value] of read.sort(byName)) hash.update(`env ${name}=${value}\n`);
  hash.update(`node ${nodeVersion}\n`);
  return hash.digest("hex");
}

/**
 * Whether the build in place is the one recorded, built from the inputs whose digest is `digest`.
 * @param {{ buildId: string | null, stamp: { buildId?: unknown, digest?: unknown } | null, digest: string | null }} state
 */
export function isBuildReusable({ buildId, stamp, digest }) {
  return Boolean(buildId && digest && stamp && stamp.buildId === buildId && stamp.digest === digest);
}

/**
 * The files a build of the checkout at `root` reads, each with the digest of its content: what git
 * tracks or would track (new files not ignored), less NOT_BUILT, and the ENV_FILES there are. Null
 * outside a git checkout.
 * @returns {[string, string][] | null}
 */
export function buildInputFiles(root) {
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
  if (listed.status !== 0) return null;
  const sources = listed.stdout.split("\0").filter((file) => file && !NOT_BUILT.some((pattern) => pattern.test(file)));
  const files = [...new Set([...sources, ...ENV_FILES])];
  return files
    .filter((file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile())
    .map((file) => [
      file,
      createHash("sha256")
        .update(readFileSync(path.join(root, file)))
        .digest("hex"),
    ]);
}

/** The digest of what a build of `root` would be built from now, or null when it cannot be told. */
export function currentBuildInputs(root, env = process.env) {
  const files = buildInputFiles(root);
  return files && buildInputsDigest({ files, env, nodeVersion: process.version });
}

function readOrNull(file) {
  return existsSync(file) ? readFileSync(file, "utf8") : null;
}

/** Whether the build in `distDir` was recorded as built from inputs of digest `digest`. */
export function canReuseBuild(distDir, digest) {
  const buildId = readOrNull(path.join(distDir, "BUILD_ID"))?.trim() || null;
  let stamp = null;
  try {
    stamp = JSON.parse(readOrNull(path.join(distDir, BUILD_STAMP_FILE)) ?? "null");
  } catch {
    // A damaged record is no record.
  }
  return isBuildReusable({ buildId, stamp, digest });
}

/** Records that the build just made in `distDir` was built from inputs of digest `digest`. */
export function recordBuild(distDir, digest) {
  const buildId = readFileSync(path.join(distDir, "BUILD_ID"), "utf8").trim();
  writeFileSync(path.join(distDir, BUILD_STAMP_FILE), `${JSON.stringify({ buildId, digest }, null, 2)}\n`);
}

/**
 * Calls `build` unless the build in `distDir` was made from what `root` holds now, and records the
 * inputs of a build it made. `env` is the build's environment. Returns whether it built.
 * @param {{ root: string, distDir: string, build: () => void, env?: Record<string, string | undefined> }} options
 */
export function buildUnlessCurrent({ root, distDir, build, env = process.env }) {
  const digest = currentBuildInputs(root, env);
  if (digest && canReuseBuild(path.resolve(root, distDir), digest)) return false;
  build();
  if (digest) recordBuild(path.resolve(root, distDir), digest);
  return true;
}
