// The command-line options of the scripts, read by node:util's parseArgs: an unknown option, a
// missing value or one out of range ends the command with its usage line and exit code 2.
import { parseArgs, type ParseArgsConfig } from "node:util";

/** Ends the command with a message and its usage line. */
export function usageError(message: string, usage: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/** This process's options, strictly (a `--` that `npm run x --` leaves first is skipped). */
export function readCommandLine<const T extends Omit<ParseArgsConfig, "args" | "strict">>(config: T, usage: string) {
  const args = process.argv.slice(2);
  try {
    return parseArgs({ ...config, args: args[0] === "--" ? args.slice(1) : args, strict: true });
  } catch (error) {
    return usageError((error as Error).message, usage);
  }
}

/** An option's whole number from `min` to `max` (1_000_000 may be written so), or `fallback` when it is not given. */
export function wholeNumber(
  name: string,
  text: string | undefined,
  fallback: number,
  { min, max }: { min: number; max: number },
  usage: string,
): number {
  if (text === undefined) return fallback;
  const number = Number(text.replace(/_/g, ""));
  if (!Number.isInteger(number) || number < min || number > max)
    usageError(`--${name} must be a whole number from ${min} to ${max}`, usage);
  return number;
}

/** An error as a command reports it: the message alone (the commands' own errors say what to do). */
export function errorMessage(error: unknown): unknown {
  return error instanceof Error ? error.message : error;
}

/**
 * Runs a command's `main` to its end: the exit code it returns (0 when it returns none), an error
 * written to standard error as `describe` says (the whole error, stack included, by default) with
 * exit code 1, and `close` after either, so that no open connection keeps the process alive.
 */
export function runCommand(
  main: () => Promise<number | void>,
  options: { close: () => Promise<unknown>; describe?: (error: unknown) => unknown },
): void {
  const describe = options.describe ?? ((error: unknown) => error);
  main()
    .then((code) => {
      process.exitCode = code ?? 0;
    })
    .catch((error: unknown) => {
      console.error(describe(error));
      process.exitCode = 1;
    })
    .finally(() => options.close());
}
