// Peak resident memory of a process and its descendants (the server may run in a child process),
// sampled from /proc.
import { readdirSync, readFileSync } from "node:fs";

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 4 (ppid) follows the command name, which is in parentheses and may hold spaces.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export function treeRssBytes(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const parent = parentOf(pid);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += rssBytes(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Samples the tree every intervalMs until stopped; returns the peak. */
export function watchPeakRss(root: number, intervalMs = 250): { stop: () => number; peak: () => number } {
  let peak = treeRssBytes(root);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRssBytes(root));
  }, intervalMs);
  return {
    peak: () => peak,
    stop: () => {
      clearInterval(timer);
      peak = Math.max(peak, treeRssBytes(root));
      return peak;
    },
  };
}
