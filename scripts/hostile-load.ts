// `npx tsx --conditions=react-server scripts/hostile-load.ts -- --base-url http://127.0.0.1:3000 --email E [--seconds 20] [--end ISO]`
// The hostile-load measurement (scripts/lib/bench-hostile.ts) against a server that is running
// already, e.g. `npm start` over the benchmark's databases (`npm run bench` measures it on each
// database itself): ten clients search at once over the widest range the list accepts while health
// and list probes are timed. Signs in as a regular user (password from USER_PASSWORD, or asked
// for); prints the figures. Sends requests only to --base-url, for --seconds.
import { signIn } from "./lib/bench-setup";
import { hostileLines, measureHostileLoad } from "./lib/bench-hostile";
import { promptHidden } from "./lib/prompt-hidden";
import { readCommandLine, usageError, wholeNumber } from "./lib/command-line";

const USAGE = "Usage: scripts/hostile-load.ts --base-url URL --email EMAIL [--seconds S] [--end ISO-date]";

function readOptions() {
  const { values } = readCommandLine(
    { options: { "base-url": { type: "string" }, email: { type: "string" }, seconds: { type: "string" }, end: { type: "string" } } },
    USAGE,
  );
  if (!values["base-url"] || !values.email) usageError("--base-url and --email are required.", USAGE);
  const baseUrl = values["base-url"].replace(/\/$/, "");
  if (!["127.0.0.1", "localhost", "[::1]"].includes(new URL(baseUrl).hostname)) usageError("--base-url must be a loopback address", USAGE);
  const endMs = values.end === undefined ? Date.now() : Date.parse(values.end);
  if (Number.isNaN(endMs)) usageError("--end must be an ISO date", USAGE);
  return { baseUrl, email: values.email, seconds: wholeNumber("seconds", values.seconds, 20, { min: 1, max: 600 }, USAGE), endMs };
}

async function main() {
  const options = readOptions();
  const password = process.env.USER_PASSWORD ?? (await promptHidden(`Password for ${options.email}: `));
  const token = await signIn(options.baseUrl, options.email, password);
  const result = await measureHostileLoad({ baseUrl: options.baseUrl, token, seconds: options.seconds, endMs: options.endMs });
  console.log(hostileLines(result).join("\n"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
