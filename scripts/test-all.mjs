// `npm test`: the lint and format checks, every suite, then one closing line "N passed, N failed".
// Unit and API tests (SQLite and PostgreSQL) run first, then the browser tests on their own,
// since they share one production server and the machine has two cores, then the cluster test
// (two production servers on PostgreSQL behind nginx), which reuses the browser tests' build.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const e2eOnly = process.argv.includes("--e2e-only");
const extraArgs = process.argv.slice(2).filter((arg) => arg !== "--e2e-only");
const reportDir = mkdtempSync(path.join(os.tmpdir(), "portal-test-report-"));

const hasE2e = existsSync("tests/e2e") && readdirSync("tests/e2e", { recursive: true }).some((file) => String(file).endsWith(".e2e.ts"));
const runs = [
  ...(e2eOnly ? [] : [{ name: "unit-and-api", args: ["--selectProjects", "unit", "api-sqlite", "api-postgres", "--maxWorkers=2"] }]),
  ...(hasE2e ? [{ name: "e2e", args: ["--selectProjects", "e2e", "--runInBand"] }] : []),
  // Two instances on PostgreSQL behind nginx (installed when missing), on the browser tests' build.
  ...(e2eOnly ? [] : [{ name: "cluster", args: ["--selectProjects", "cluster", "--runInBand", "--passWithNoTests"] }]),
];

let passed = 0;
let failed = 0;
let exitCode = 0;

const checks =
  e2eOnly || extraArgs.length > 0
    ? []
    : [
        {
          name: "lint",
          remedy: "`npm run lint` lists the problems",
          args: ["node_modules/eslint/bin/eslint.js", "--max-warnings", "0", "."],
        },
        {
          name: "format",
          remedy: "`npm run format` rewrites the files",
          args: ["node_modules/prettier/bin/prettier.cjs", "--check", "--log-level", "warn", "."],
        },
      ];
for (const check of checks) {
  const result = spawnSync(process.execPath, check.args, { stdio: "inherit" });
  if (result.status === 0) {
    passed += 1;
  } else {
    console.error(`The ${check.name} check failed: ${check.remedy}.`);
    failed += 1;
    exitCode = 1;
  }
}
for (const run of runs) {
  const outputFile = path.join(reportDir, `${run.name}.json`);
  const result = spawnSync(
    process.execPath,
    ["node_modules/jest/bin/jest.js", "--ci", ...run.args, "--json", `--outputFile=${outputFile}`, ...extraArgs],
    { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } },
  );
  if (result.status !== 0) exitCode = 1;
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, "utf8"));
    passed += report.numPassedTests;
    failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
  } else {
    failed += 1;
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
