import { oneAtATime } from "@/lib/server/store/one-at-a-time";

const tooLate = () => new Error("too late");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("oneAtATime (the lane of reads that scan texts)", () => {
  it("runs one piece at a time, in order of arrival, passing on results and errors", async () => {
    const lane = oneAtATime();
    const events: string[] = [];
    const piece = (name: string, ms: number, fails = false) =>
      lane(
        async () => {
          events.push(`start ${name}`);
          await pause(ms);
          events.push(`end ${name}`);
          if (fails) throw new Error(name);
          return name;
        },
        0,
        tooLate,
      );
    const settled = await Promise.allSettled([piece("a", 20), piece("b", 5, true), piece("c", 1)]);
    expect(events).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(settled.map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message))).toEqual([
      "a",
      "b",
      "c",
    ]);
  });

  it("refuses a piece whose turn has not come within its wait, and keeps the lane going", async () => {
    const lane = oneAtATime();
    const long = lane(() => pause(80).then(() => "long"), 0, tooLate);
    const refused = lane(() => Promise.resolve("never"), 20, tooLate);
    const patient = lane(() => Promise.resolve("patient"), 1000, tooLate);
    await expect(refused).rejects.toThrow("too late");
    await expect(long).resolves.toBe("long");
    await expect(patient).resolves.toBe("patient");
    await expect(lane(() => Promise.resolve("next"), 10, tooLate)).resolves.toBe("next");
  });
});
