// Runs one of the project's TypeScript commands (scripts/<name>.ts) for real, as npm would, against
// the calling test file's database (its DATABASE_URL), with stdin empty and closed.
import { spawnSync } from "node:child_process";

export interface ScriptResult {
  code: number | null;
  /** stdout and stderr together. */
  output: string;
}

export function runScript(name: string, args: readonly string[] = [], env: Record<string, string> = {}): ScriptResult {
  const result = spawnSync(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", `scripts/${name}.ts`, ...args],
    {
      encoding: "utf8",
      input: "",
      env: { ...process.env, ...env },
      timeout: 120_000,
    },
  );
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}
