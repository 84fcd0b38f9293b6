// `npm run test:pgbouncer [-- jest arguments]`: the API tests on PostgreSQL with every connection of
// the code under test going through PgBouncer in transaction mode, as serverless functions reach the
// database. Each test file's process keeps its pool (DATABASE_POOL_SIZE, 10 unless set): the tests
// send many requests at once into one process, where a function serves one at a time, so with a
// pool of 1 they would wait for it past Prisma's transaction wait. PgBouncer comes from Debian's
// packages (installed with apt-get when missing, as root) and runs from a folder of its own on a
// free loopback port, in front of the PostgreSQL at TEST_POSTGRES_URL (default 127.0.0.1:5432).
// Creating, migrating and dropping the tests' databases go straight to PostgreSQL.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const PGBOUNCER = "/usr/sbin/pgbouncer";
const server = new URL(process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");

if (!existsSync(PGBOUNCER)) {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", "pgbouncer"],
  ]) {
    if (spawnSync("apt-get", args, { env, stdio: "inherit" }).status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
  }
}

const port = await new Promise((resolve, reject) => {
  const probe = net.createServer();
  probe.once("error", reject);
  probe.listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});

// PgBouncer refuses to run as root: as root it runs as the postgres user, which owns its folder.
const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), "portal-pgbouncer-"));
const user = decodeURIComponent(server.username || "postgres");
writeFileSync(path.join(dir, "userlist.txt"), `"${user}" ""\n`);
writeFileSync(
  path.join(dir, "pgbouncer.ini"),
  `[databases]
* = host=${server.hostname} port=${server.port || 5432}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${path.join(dir, "userlist.txt")}
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 20
ignore_startup_parameters = extra_float_digits
logfile = ${path.join(dir, "pgbouncer.log")}
pidfile = ${path.join(dir, "pgbouncer.pid")}
`,
);
if (asRoot) {
  const id = (flag) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
  chownSync(dir, id("-u"), id("-g"));
  for (const file of ["userlist.txt", "pgbouncer.ini"]) chownSync(path.join(dir, file), id("-u"), id("-g"));
}
const command = asRoot
  ? ["runuser", ["-u", "postgres", "--", PGBOUNCER, "-q", path.join(dir, "pgbouncer.ini")]]
  : [PGBOUNCER, ["-q", path.join(dir, "pgbouncer.ini")]];
const bouncer = spawn(command[0], command[1], { stdio: "inherit" });

const poolerUrl = new URL(server);
poolerUrl.port = String(port);
poolerUrl.hostname = "127.0.0.1";
let code = 1;
try {
  const jest = spawnSync(
    process.execPath,
    ["node_modules/jest/bin/jest.js", "--ci", "--selectProjects", "api-postgres", "--maxWorkers=2", ...process.argv.slice(2)],
    {
      stdio: "inherit",
      env: { ...process.env, TEST_POSTGRES_POOLER_URL: poolerUrl.toString(), NEXT_TELEMETRY_DISABLED: "1" },
    },
  );
  code = jest.status ?? 1;
} finally {
  bouncer.kill("SIGTERM");
  await new Promise((resolve) => (bouncer.exitCode === null ? bouncer.once("exit", resolve) : resolve()));
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
