/**
 * A lane where work runs one piece at a time, in order of arrival. A piece whose turn has not come
 * within `waitMs` (0: no limit) leaves the lane and fails with the error `tooLate` makes, so that a
 * long queue answers its callers rather than keeping them waiting without end.
 */
export function oneAtATime(): <T>(work: () => Promise<T>, waitMs: number, tooLate: () => Error) => Promise<T> {
  let isBusy = false;
  const waiting: (() => void)[] = [];
  const handOver = () => {
    const next = waiting.shift();
    if (next) next();
    else isBusy = false;
  };
  return async (work, waitMs, tooLate) => {
    if (isBusy) {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer =
          waitMs > 0
            ? setTimeout(() => {
                waiting.splice(waiting.indexOf(turn), 1);
                reject(tooLate());
              }, waitMs)
            : undefined;
        waiting.push(turn);
      });
    } else {
      isBusy = true;
    }
    try {
      return await work();
    } finally {
      handOver();
    }
  };
}
