import "server-only";
import { after } from "next/server";

const running = new Set<Promise<void>>();

/**
 * Runs work that the answer must not wait for: its duration (looking an account up, sending mail)
 * would tell a caller whether the account exists. Inside a request Next.js keeps the server, or a
 * serverless function, alive until the work ends; outside one (scripts, tests) it runs detached.
 * Failures are logged for the operator, never shown to the caller.
 */
export function runAfterResponse(kind: string, work: () => Promise<void>): void {
  const run = () => {
    const task: Promise<void> = work()
      .catch((error) => console.error(`[${kind}] failed:`, error))
      .finally(() => running.delete(task));
    running.add(task);
    return task;
  };
  try {
    after(run);
  } catch {
    // Outside a request: after() has no response to wait for.
    void run();
  }
}

/** Resolves once the work started by runAfterResponse so far has ended. */
export async function afterResponseWorkSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}
