/** @jest-environment node */
// `npm run demo` serves its last production build again when nothing it was built from changed
// (scripts/lib/build-inputs.mjs): the decision over its inputs, then for real in a git checkout of
// the test's own with a build step that only writes a BUILD_ID.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildInputFiles, buildInputsDigest, buildUnlessCurrent, isBuildReusable } from "@/scripts/lib/build-inputs.mjs";

const base = {
  files: [
    ["app/page.tsx", "a1"],
    ["package-lock.json", "b2"],
  ] as [string, string][],
  env: { NODE_ENV: "production", DATABASE_URL: "file:./data/portal.db", PORT: "3000" } as Record<string, string | undefined>,
  nodeVersion: "v20.20.0",
};
const digest = buildInputsDigest(base);

describe("the digest of a build's inputs", () => {
  it.each([
    ["the files in another order", { ...base, files: [...base.files].reverse() }],
    ["a variable no build reads changed", { ...base, env: { ...base.env, DATABASE_URL: "postgresql://db/portal", PORT: "3111" } }],
    ["a variable no build reads added", { ...base, env: { ...base.env, DEMO_ADMIN_EMAIL: "a@example.com" } }],
  ])("stays the same with %s", (_, inputs) => {
    expect(buildInputsDigest(inputs)).toBe(digest);
  });

  it.each([
    ["a file's content", { ...base, files: [["app/page.tsx", "a9"], base.files[1]] as [string, string][] }],
    ["a file added", { ...base, files: [...base.files, ["lib/new.ts", "c3"]] as [string, string][] }],
    ["a file removed", { ...base, files: [base.files[0]] }],
    ["a file renamed", { ...base, files: [["app/other.tsx", "a1"], base.files[1]] as [string, string][] }],
    ["NODE_ENV", { ...base, env: { ...base.env, NODE_ENV: "development" } }],
    ["NEXT_DIST_DIR", { ...base, env: { ...base.env, NEXT_DIST_DIR: ".next-other" } }],
    ["a NEXT_PUBLIC_ variable", { ...base, env: { ...base.env, NEXT_PUBLIC_BRAND: "Acme" } }],
    ["Node's version", { ...base, nodeVersion: "v22.0.0" }],
  ])("changes with %s", (_, inputs) => {
    expect(buildInputsDigest(inputs)).not.toBe(digest);
  });
});

describe("whether the build in place is reused", () => {
  it.each([
    ["the recorded build, from the same inputs", { buildId: "b1", stamp: { buildId: "b1", digest: "d1" }, digest: "d1" }, true],
    ["no build", { buildId: null, stamp: { buildId: "b1", digest: "d1" }, digest: "d1" }, false],
    ["a build without a record (`npm run build`)", { buildId: "b1", stamp: null, digest: "d1" }, false],
    ["a build made after the recorded one", { buildId: "b2", stamp: { buildId: "b1", digest: "d1" }, digest: "d1" }, false],
    ["other inputs", { buildId: "b1", stamp: { buildId: "b1", digest: "d1" }, digest: "d2" }, false],
    ["inputs that cannot be told (no git)", { buildId: "b1", stamp: { buildId: "b1", digest: "d1" }, digest: null }, false],
  ])("%s: %s", (_, state, reused) => {
    expect(isBuildReusable(state)).toBe(reused);
  });
});

describe("in a git checkout", () => {
  let root: string;
  const git = (...args: string[]) => {
    const result = spawnSync("git", args, { cwd: root, encoding: "utf8" });
    if (result.status !== 0) throw new Error(result.stderr);
  };
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  let builds = 0;
  const build = () => {
    builds += 1;
    write(".next/BUILD_ID", `build-${builds}`);
  };
  const start = () => buildUnlessCurrent({ root, distDir: ".next", build });

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "build-inputs-"));
    builds = 0;
    git("init", "-q");
    write(".gitignore", ".next/\n/data/\n.env*\n");
    write("app/page.tsx", "export default 1;\n");
    write("tests/page.test.ts", "test\n");
    write("README.md", "# Portal\n");
    git("add", ".");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("reads the files a build reads: tracked ones and new ones, the environment's files, not ignored ones, tests or docs", () => {
    write("lib/new.ts", "export {};\n");
    write("data/portal.db", "rows");
    write(".env", "NEXT_PUBLIC_BRAND=Acme\n");
    expect((buildInputFiles(root) ?? []).map(([file]) => file).sort()).toEqual([".env", ".gitignore", "app/page.tsx", "lib/new.ts"]);
  });

  it("builds on the first start, reuses the build on the next, and builds again once a source changed", () => {
    expect(start()).toBe(true);
    expect(start()).toBe(false);
    write("tests/page.test.ts", "another test\n");
    write("data/portal.db", "rows");
    expect(start()).toBe(false);
    write("app/page.tsx", "export default 2;\n");
    expect(start()).toBe(true);
    expect(start()).toBe(false);
    write("components/new.tsx", "export {};\n");
    expect(start()).toBe(true);
    write(".env.local", "NEXT_PUBLIC_BRAND=Acme\n");
    expect(start()).toBe(true);
    expect(start()).toBe(false);
    expect(builds).toBe(4);
  });

  it("builds again after a build it did not make, or when its record is damaged", () => {
    expect(start()).toBe(true);
    write(".next/BUILD_ID", "made by next build");
    expect(start()).toBe(true);
    write(".next/portal-build-inputs.json", "{");
    expect(start()).toBe(true);
    expect(start()).toBe(false);
  });

  it("builds on every start outside a git checkout", () => {
    rmSync(path.join(root, ".git"), { recursive: true, force: true });
    expect(start()).toBe(true);
    expect(start()).toBe(true);
  });
});
