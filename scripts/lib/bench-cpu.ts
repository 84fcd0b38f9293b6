// CPU time read from /proc: of the server's process (all its threads, SQLite's reads among them),
// of every PostgreSQL process, of this process (the load generator) and of the whole machine, so
// that a run can say where the cores went per request.
import { readdirSync, readFileSync } from "node:fs";

/** /proc's CPU times are in clock ticks of 10 ms (USER_HZ 100 on Linux). */
const MS_PER_TICK = 10;

/** CPU milliseconds used so far (a sample) or between two samples. */
export interface CpuTimes {
  server: number;
  postgres: number;
  /** This process. */
  self: number;
  /** Every core's busy time, all processes together. */
  machineBusy: number;
  /** Every core's idle time (waiting for the disk included). */
  machineIdle: number;
}

/** utime + stime of the server's process and of every PostgreSQL process, in milliseconds. */
function processTimes(serverPid: number): { server: number; postgres: number } {
  const times = { server: 0, postgres: 0 };
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // The process ended while the folder was read.
    }
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const command = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const used = (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
    if (Number(entry) === serverPid) times.server += used;
    else if (command === "postgres") times.postgres += used;
  }
  return times;
}

/** The machine's busy and idle time over every core, from the first line of /proc/stat. */
function machineTimes(): { machineBusy: number; machineIdle: number } {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n", 1)[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal (guest time is counted in user already).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks;
  return {
    machineBusy: (user + nice + system + irq + softirq + steal) * MS_PER_TICK,
    machineIdle: (idle + iowait) * MS_PER_TICK,
  };
}

export function cpuTimes(serverPid: number): CpuTimes {
  const self = process.cpuUsage();
  return { ...processTimes(serverPid), self: (self.user + self.system) / 1000, ...machineTimes() };
}

export function cpuBetween(before: CpuTimes, after: CpuTimes): CpuTimes {
  return {
    server: after.server - before.server,
    postgres: after.postgres - before.postgres,
    self: after.self - before.self,
    machineBusy: after.machineBusy - before.machineBusy,
    machineIdle: after.machineIdle - before.machineIdle,
  };
}

/**
 * Where the cores went per request over `requests` answered between two samples, and the rate at
 * which the cores would be full at that cost (the ceiling for the same work per request).
 */
export function describeCpuPerRequest(used: CpuTimes, requests: number, { postgres, cores }: { postgres: boolean; cores: number }): string {
  const perRequest = (ms: number) => `${(ms / Math.max(requests, 1)).toFixed(2)} ms`;
  const others = Math.max(0, used.machineBusy - used.server - (postgres ? used.postgres : 0) - used.self);
  const busyShare = used.machineBusy / Math.max(used.machineBusy + used.machineIdle, 1);
  const ceiling = (cores * 1000 * requests) / Math.max(used.machineBusy, 1);
  return (
    `server ${perRequest(used.server)}${postgres ? `, PostgreSQL ${perRequest(used.postgres)}` : ""}, load generator ${perRequest(used.self)}, ` +
    `other processes ${perRequest(others)}; ${cores} cores ${(busyShare * 100).toFixed(0)} % busy, full at this cost by ${Math.round(ceiling)} req/s`
  );
}
