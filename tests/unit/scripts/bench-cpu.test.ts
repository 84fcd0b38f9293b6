/** @jest-environment node */
// Where the load test's cores went per request: CPU times from /proc and their report.
import { cpuBetween, cpuTimes, describeCpuPerRequest } from "@/scripts/lib/bench-cpu";

describe("cpuTimes", () => {
  it("reads this process's and the machine's CPU time, which only grow", () => {
    const before = cpuTimes(process.pid);
    let spin = 0;
    for (let i = 0; i < 5_000_000; i++) spin += i % 3;
    const used = cpuBetween(before, cpuTimes(process.pid));
    expect(spin).toBeGreaterThan(0);
    expect(used.self).toBeGreaterThan(0);
    expect(used.server).toBeGreaterThanOrEqual(0);
    expect(used.machineBusy).toBeGreaterThanOrEqual(0);
    expect(used.machineIdle).toBeGreaterThanOrEqual(0);
    expect(before.server).toBeGreaterThan(0); // The pid given as the server's is this process here.
  });
});

describe("describeCpuPerRequest", () => {
  const used = { server: 30_000, postgres: 20_000, self: 2_000, machineBusy: 54_000, machineIdle: 6_000 };

  it("gives each process's milliseconds a request, the others' remainder, and the rate that fills the cores", () => {
    expect(describeCpuPerRequest(used, 10_000, { postgres: true, cores: 2 })).toBe(
      "server 3.00 ms, PostgreSQL 2.00 ms, load generator 0.20 ms, other processes 0.20 ms; 2 cores 90 % busy, full at this cost by 370 req/s",
    );
  });

  it("leaves PostgreSQL out of a run that does not use it", () => {
    expect(describeCpuPerRequest(used, 10_000, { postgres: false, cores: 2 })).toBe(
      "server 3.00 ms, load generator 0.20 ms, other processes 2.20 ms; 2 cores 90 % busy, full at this cost by 370 req/s",
    );
  });
});
