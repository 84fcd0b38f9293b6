// `npm run demo`: the portal on the embedded SQLite database with demo data, in one command.
// Applies migrations, seeds demo transcripts, accounts and ratings into an empty database, builds the
// production server and starts it on PORT (default 3000) and HOST (default 127.0.0.1: demo mode
// shows a password reset token for any account, so only this machine may reach it; the server
// refuses any other address unless DEMO_ALLOW_REMOTE=1). data/ is readable by its owner only.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { runPrisma } from "./prisma-env.mjs";
import { resolveDatabaseUrl } from "../lib/database-url.mjs";
import { makePrivateDirectory, PRIVATE_DIRECTORY_MODE } from "../lib/private-files.mjs";
import { demoListenRefusal, demoPrivateHostsSetting } from "../lib/demo-mode.mjs";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";
import { buildUnlessCurrent } from "./lib/build-inputs.mjs";

process.env.DATABASE_URL = resolveDatabaseUrl();
process.env.DEMO_MODE ??= "1";
process.env.NEXT_TELEMETRY_DISABLED = "1";
process.env.HOST ||= "127.0.0.1";
const port = process.env.PORT || "3000";

// Refused before the build rather than after it, by the same rule the server applies.
const refusal = demoListenRefusal(process.env.HOST);
if (refusal) {
  console.error(`Refusing to start: ${refusal}`);
  process.exit(1);
}

// The demo's own folder: made private even when it exists already.
makePrivateDirectory("data");
chmodSync("data", PRIVATE_DIRECTORY_MODE);
process.env.NEXTAUTH_SECRET ||= demoSecret();
// Sources seal their platform API keys with this key; the demo's fake platforms live on loopback.
process.env.SOURCES_ENCRYPTION_KEY ||= demoSourcesKey();
process.env.SOURCES_ALLOW_PRIVATE_HOSTS = demoPrivateHostsSetting();

/** A random key for sources' API keys, kept in data/ beside the session secret. */
function demoSourcesKey() {
  const file = "data/demo-sources-key";
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const key = randomBytes(32).toString("base64");
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** A random secret kept in data/ so that demo sessions survive a restart. */
function demoSecret() {
  const file = "data/demo-auth-secret";
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function step(title, args) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

const tsx = ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server"];

console.log(`▶ Database: ${process.env.DATABASE_URL}`);
runPrisma(["migrate", "deploy"]);
step("Demo transcripts", [...tsx, "scripts/seed.ts", "--transcripts", "2000", "--days", "90", "--if-empty"]);
// After the transcripts: the demo users' ratings are of the newest of them.
step("Demo accounts and feedback", [...tsx, "scripts/seed-demo.ts"]);
// A build made from the same sources before is served again (scripts/lib/build-inputs.mjs).
const built = buildUnlessCurrent({
  root: process.cwd(),
  distDir: process.env.NEXT_DIST_DIR || ".next",
  build: () => step("Building the production server", ["node_modules/next/dist/bin/next", "build"]),
});
if (!built) console.log("\n▶ Production server: built from these sources already");

const host = process.env.HOST.includes(":") ? `[${process.env.HOST}]` : process.env.HOST;
console.log(`\n▶ Transcript Analytics on http://${host}:${port}`);
console.log(
  `  Demo administrator: ${process.env.DEMO_ADMIN_EMAIL || "admin@example.com"} / ${process.env.DEMO_ADMIN_PASSWORD ? "(DEMO_ADMIN_PASSWORD)" : "admin-demo-123"}`,
);
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "scripts/start.mjs"], {
  stdio: "inherit",
  env: { ...process.env, PORT: port, NODE_ENV: "production" },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
