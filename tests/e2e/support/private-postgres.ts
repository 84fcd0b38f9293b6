// A PostgreSQL server of the test's own (initdb in a temporary folder, on a free loopback port),
// so a test can stop and restart it without touching the machine's shared server.
import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { freePort } from "../../../scripts/lib/next-server";

function postgresBin(name: string): string {
  const versions = execFileSync("ls", ["/usr/lib/postgresql"], { encoding: "utf8" }).trim().split("\n").sort();
  return path.join("/usr/lib/postgresql", versions[versions.length - 1], "bin", name);
}

/** Runs a PostgreSQL binary as the postgres user (the server refuses to run as root). */
function asPostgres(binary: string, args: string[]): void {
  const command =
    process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", postgresBin(binary), ...args]] : [postgresBin(binary), args];
  execFileSync(command[0] as string, command[1] as string[], { stdio: "pipe" });
}

export interface PrivatePostgres {
  /** URL of the database `portal` on this server. */
  url: string;
  stop: () => void;
  start: () => void;
  destroy: () => void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-private-pg-"));
  if (process.getuid?.() === 0)
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })),
      Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })),
    );
  const data = path.join(dir, "data");
  const port = await freePort();
  asPostgres("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => asPostgres("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "server.log"), "-w", "start"]);
  const stop = () => asPostgres("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  const admin = new Client({ connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query("CREATE DATABASE portal");
  await admin.end();
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/portal`,
    stop,
    start,
    destroy: () => {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
