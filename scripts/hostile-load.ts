// `npx tsx --conditions=react-server scripts/hostile-load.ts -- --base-url http://127.0.0.1:3000 --email E [--seconds 20] [--end ISO]`
// The hostile-load measurement (scripts/lib/bench-hostile.ts) against a server that is running
// already, e.g. `next start` over the benchmark's databases (`npm run bench` measures it on each
// database itself): ten clients search at once over the widest range the list accepts while health
// and list probes are timed. Signs in as a regular user (password from USER_PASSWORD, or asked
// for); prints the figures. Sends requests only to --base-url, for --seconds.
import { signIn } from "./lib/bench-setup";
import { hostileLines, measureHostileLoad } from "./lib/bench-hostile";
import { promptHidden } from "./lib/prompt-hidden";

const USAGE = "Usage: scripts/hostile-load.ts --base-url URL --email EMAIL [--seconds S] [--end ISO-date]";

function parseOptions(argv: string[]) {
  const options = { baseUrl: "", email: "", seconds: 20, endMs: Date.now() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => argv[++i] ?? "";
    if (arg === "--base-url") options.baseUrl = value().replace(/\/$/, "");
    else if (arg === "--email") options.email = value();
    else if (arg === "--seconds") options.seconds = Number(value());
    else if (arg === "--end") options.endMs = Date.parse(value());
    else if (arg !== "--") throw new Error(`Unknown option ${arg}\n${USAGE}`);
  }
  if (!options.baseUrl || !options.email) throw new Error(USAGE);
  if (!(options.seconds > 0 && options.seconds <= 600)) throw new Error("--seconds takes a number from 1 to 600");
  if (Number.isNaN(options.endMs)) throw new Error("--end must be an ISO date");
  const host = new URL(options.baseUrl).hostname;
  if (!["127.0.0.1", "localhost", "[::1]"].includes(host)) throw new Error("--base-url must be a loopback address");
  return options;
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const password = process.env.USER_PASSWORD ?? (await promptHidden(`Password for ${options.email}: `));
  const token = await signIn(options.baseUrl, options.email, password);
  const result = await measureHostileLoad({ baseUrl: options.baseUrl, token, seconds: options.seconds, endMs: options.endMs });
  console.log(hostileLines(result).join("\n"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
