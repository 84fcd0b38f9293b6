// nginx (Debian's package) as the load balancer in front of several production servers: for the
// cluster coherence test and `npm run load -- --instances N`. Installed with apt-get when missing
// (as root, as CI runs); run in the foreground from a folder of its own, on a free loopback port.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "./next-server";

const NGINX_CANDIDATES = ["/usr/sbin/nginx", "/usr/bin/nginx"];

/** The nginx binary, installed from Debian's packages first when there is none. */
export function ensureNginx(): string {
  const found = () => NGINX_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!found()) installDebianPackage("nginx-light");
  const binary = found();
  if (!binary) throw new Error("nginx is not installed and could not be installed (apt-get install nginx-light, as root)");
  return binary;
}

/** Installs a Debian package (apt-get update first); throws with apt's output when it fails. */
export function installDebianPackage(name: string): void {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "--no-install-recommends", name],
  ]) {
    const result = spawnSync("apt-get", args, { env, encoding: "utf8" });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed:\n${result.stdout}\n${result.stderr}`);
  }
}

export interface RunningBalancer {
  baseUrl: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * Starts nginx balancing round-robin over `upstreams` (base URLs), each answer naming the instance
 * that served it in `X-Portal-Upstream`. A connection refused by one instance is retried on the
 * next, as a balancer in front of a stopped instance does.
 */
export async function startBalancer({ upstreams, workDir }: { upstreams: string[]; workDir: string }): Promise<RunningBalancer> {
  const nginx = ensureNginx();
  const dir = path.join(workDir, "nginx");
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const servers = upstreams.map((url) => `    server ${new URL(url).host} max_fails=0;`).join("\n");
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const config = `
${process.getuid?.() === 0 ? "user root;" : ""}
daemon off;
worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}
  upstream portal {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 50m;
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_read_timeout 120s;
      proxy_next_upstream error;
      add_header X-Portal-Upstream $upstream_addr always;
    }
  }
}
`;
  const configFile = path.join(dir, "nginx.conf");
  writeFileSync(configFile, config);
  const log = openSync(path.join(dir, "stderr.log"), "a");
  const child = spawn(nginx, ["-p", dir, "-c", configFile], { stdio: ["ignore", log, log] });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited (${child.exitCode}):\n${readFileSync(path.join(dir, "stderr.log"), "utf8")}`);
    try {
      await fetch(`${baseUrl}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${baseUrl}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    baseUrl,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGQUIT");
      }),
  };
}
