/**
 * Work shared by whoever asks for the same key while it runs: the first caller starts it, the
 * others get the same promise (its result or its error), and once it settles the next caller
 * starts it afresh. Nothing is kept after that.
 */
export function sharedWork<T>(): (key: string, work: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return (key, work) => {
    let promise = running.get(key);
    if (!promise) {
      promise = work().finally(() => running.delete(key));
      running.set(key, promise);
    }
    return promise;
  };
}
