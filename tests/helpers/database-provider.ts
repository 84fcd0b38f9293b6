// Which database the running API test file uses, for the tests that apply to one of them only:
// they are declared with itOn/describeOn and reported as skipped on the other, never as passed.
import type { Provider } from "./test-databases";

/** Named by the file's setup (setup-sqlite.ts or setup-postgres.ts) before the test file loads. */
export function testProvider(): Provider {
  const provider = process.env.TEST_DATABASE_PROVIDER;
  if (provider !== "sqlite" && provider !== "postgres") throw new Error("Not an API test file: no database provider was set up");
  return provider;
}

export function itOn(provider: Provider): jest.It {
  return testProvider() === provider ? it : it.skip;
}

export function describeOn(provider: Provider): jest.Describe {
  return testProvider() === provider ? describe : describe.skip;
}
