import { createTestDatabase, type Provider } from "./test-databases";
import { disconnectDb } from "@/lib/server/db";
import { closeStore } from "@/lib/server/store";
import { afterResponseWorkSettled } from "@/lib/server/mail/after-response";

/** Gives the current test file its own fresh, migrated database of the given provider. */
export function useTestDatabase(provider: Provider): void {
  process.env.TEST_DATABASE_PROVIDER = provider;
  // Real databases, argon2 and spawned commands on a busy two-core machine outrun jest's 5 s default.
  jest.setTimeout(30_000);
  // The store's reads run without a time budget (QUERY_TIMEOUT_MS) unless a test sets one: the
  // default of 3 s is a bound of the wall clock that a busy machine need not keep.
  process.env.QUERY_TIMEOUT_MS = "0";
  beforeEach(() => {
    process.env.QUERY_TIMEOUT_MS = "0";
  });
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const template = process.env[provider === "sqlite" ? "TEST_TEMPLATE_SQLITE" : "TEST_TEMPLATE_POSTGRES"];
    if (!template) throw new Error(`The ${provider} test template was not created by the global setup`);
    const database = await createTestDatabase(provider, template);
    drop = database.drop;
    process.env.DATABASE_URL = database.url;
  });
  afterAll(async () => {
    // Work a call left to run after its answer (a password reset's mail) ends before its database goes.
    await afterResponseWorkSettled();
    await Promise.all([disconnectDb(), closeStore()]);
    await drop?.();
  });
}
