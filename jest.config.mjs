// Projects: unit and component tests in jsdom; the API tests twice, once against a real SQLite
// file and once against a real PostgreSQL database; two instances on one PostgreSQL database behind
// a load balancer (cluster); and the browser tests (e2e).
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

const moduleNameMapper = {
  "^@/(.*)$": "<rootDir>/$1",
  // The generated Prisma client imports ESM runtime files; their CommonJS twins load under jest.
  "^@prisma/client/runtime/(.*)\\.mjs$": "@prisma/client/runtime/$1.js",
  // Server modules guard against client bundles with server-only; jest is neither.
  "^server-only$": "<rootDir>/tests/helpers/empty-module.js",
};

const shared = {
  moduleNameMapper,
  testPathIgnorePatterns: ["/node_modules/", "/.next", "/tests/e2e/"],
};

const apiProject = (provider) => ({
  ...shared,
  displayName: `api-${provider}`,
  testEnvironment: "node",
  testMatch: ["<rootDir>/tests/api/**/*.test.ts"],
  globalSetup: `<rootDir>/tests/helpers/global-setup-${provider}.ts`,
  globalTeardown: `<rootDir>/tests/helpers/global-teardown-${provider}.ts`,
  setupFilesAfterEnv: [`<rootDir>/tests/helpers/setup-${provider}.ts`],
});

export default async function config() {
  return {
    projects: [
      await createJestConfig({
        ...shared,
        displayName: "unit",
        testEnvironment: "jsdom",
        testMatch: ["<rootDir>/tests/unit/**/*.test.ts?(x)"],
        setupFilesAfterEnv: ["<rootDir>/tests/helpers/setup-unit.ts"],
      })(),
      await createJestConfig(apiProject("sqlite"))(),
      await createJestConfig(apiProject("postgres"))(),
      // Two production servers on one PostgreSQL database behind nginx, checked from outside; run on
      // their own by scripts/test-all.mjs, after the browser tests whose build they reuse.
      await createJestConfig({
        ...shared,
        displayName: "cluster",
        testEnvironment: "node",
        testMatch: ["<rootDir>/tests/cluster/**/*.cluster.ts"],
        testPathIgnorePatterns: ["/node_modules/", "/.next"],
        setupFilesAfterEnv: ["<rootDir>/tests/cluster/setup-cluster.ts"],
      })(),
      // Browser journeys in Debian's Chromium against a production build; run on their own by scripts/test-all.mjs.
      await createJestConfig({
        ...shared,
        displayName: "e2e",
        testEnvironment: "node",
        testMatch: ["<rootDir>/tests/e2e/**/*.e2e.ts"],
        testPathIgnorePatterns: ["/node_modules/", "/.next"],
        globalSetup: "<rootDir>/tests/e2e/support/global-setup.ts",
        globalTeardown: "<rootDir>/tests/e2e/support/global-teardown.ts",
        setupFilesAfterEnv: ["<rootDir>/tests/e2e/support/setup-e2e.ts"],
      })(),
    ],
  };
}
