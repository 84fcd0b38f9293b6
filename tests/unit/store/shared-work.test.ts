import { sharedWork } from "@/lib/server/store/shared-work";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("sharedWork", () => {
  it("runs the work once for callers of the same key while it runs", async () => {
    const share = sharedWork<number>();
    const pending = deferred<number>();
    const work = jest.fn(() => pending.promise);
    const first = share("refund", work);
    const second = share("refund", work);
    pending.resolve(7);
    await expect(Promise.all([first, second])).resolves.toEqual([7, 7]);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("runs different keys separately", async () => {
    const share = sharedWork<string>();
    const results = await Promise.all([share("a", async () => "A"), share("b", async () => "B")]);
    expect(results).toEqual(["A", "B"]);
  });

  it("starts afresh once the work has settled", async () => {
    const share = sharedWork<number>();
    let runs = 0;
    const work = async () => ++runs;
    expect(await share("refund", work)).toBe(1);
    expect(await share("refund", work)).toBe(2);
  });

  it("shares a failure with every waiting caller, then lets the next caller retry", async () => {
    const share = sharedWork<number>();
    const pending = deferred<number>();
    const first = share("refund", () => pending.promise);
    const second = share("refund", async () => 1);
    pending.reject(new Error("database unavailable"));
    await expect(first).rejects.toThrow("database unavailable");
    await expect(second).rejects.toThrow("database unavailable");
    await expect(share("refund", async () => 3)).resolves.toBe(3);
  });
});
