// Lint rules of the portal: Next.js's recommended set (React, hooks, accessibility, Core Web
// Vitals) with typescript-eslint's, plus the import boundaries of ARCHITECTURE.md's layering rules.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const serverOnly = {
  group: ["@/lib/server/*", "@/lib/server/**", "**/lib/server/**"],
  message: "Server code (lib/server) is reached through an API route and its query hook, never imported by client code.",
};
const componentsOnly = {
  group: ["@/components/*", "@/components/**", "**/components/**"],
  message: "lib/ never imports components/: what both need lives in lib/.",
};
// The store is entered through its index; worker threads through for-workers (no connection);
// the benchmark scripts and the tests through for-scripts too.
const storeFiles = ["@/lib/server/store/**", "**/server/store/**", "../store/**", "./store/**"];
const storeInternals = {
  group: [...storeFiles, "!@/lib/server/store/for-workers", "!**/store/for-workers"],
  message: "Outside the store, import the store's index (lib/server/store), or for-workers in a worker thread.",
};
const storeInternalsForScripts = {
  group: [...storeInternals.group, "!@/lib/server/store/for-scripts"],
  message: "Scripts import the store's index, for-workers or for-scripts.",
};
const generatedClients = {
  group: ["@/generated/*", "@/generated/**", "**/generated/**"],
  message: "The generated Prisma clients are reached through lib/server/db.ts.",
};
const databaseDrivers = {
  paths: [
    { name: "better-sqlite3", message: "Only the store (lib/server/store) talks to a database driver." },
    { name: "pg", message: "Only the store (lib/server/store) talks to a database driver." },
  ],
};

const config = [
  { ignores: ["node_modules/**", ".next*/**", "generated/**", "data/**", "test-results/**", "coverage/**", "next-env.d.ts"] },
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["components/**", "app/**/*.tsx"],
    // Layouts are server components that read the server's configuration.
    ignores: ["app/**/layout.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverOnly, generatedClients, storeInternals], ...databaseDrivers }] },
  },
  {
    // A page that renders its first view on the server reads the session and its data through
    // lib/server/pages, which calls the services its API routes call, by their access rules.
    files: ["app/**/page.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { ...serverOnly, group: ["@/lib/server/*", "**/lib/server/**", "!@/lib/server/pages", "!@/lib/server/pages/*"] },
            generatedClients,
            storeInternals,
          ],
          ...databaseDrivers,
        },
      ],
    },
  },
  {
    files: ["lib/**"],
    ignores: ["lib/server/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverOnly, generatedClients, componentsOnly], ...databaseDrivers }] },
  },
  {
    files: ["lib/server/**", "app/**/*.ts", "app/**/layout.tsx", "middleware.ts", "instrumentation.ts"],
    ignores: ["lib/server/store/**", "lib/server/db.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [componentsOnly, generatedClients, storeInternals], ...databaseDrivers }] },
  },
  {
    files: ["app/**/layout.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [generatedClients, storeInternals], ...databaseDrivers }] },
  },
  {
    files: ["lib/server/store/**", "lib/server/db.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [componentsOnly] }] },
  },
  {
    files: ["scripts/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [storeInternalsForScripts] }] },
  },
  {
    // Files a newcomer can read whole, and no import circles (each module's dependencies load first).
    files: ["lib/**", "app/**", "components/**"],
    rules: { "max-lines": ["error", { max: 300 }], "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Node scripts and tests are not React: a function named use... is not a hook there.
    files: ["scripts/**", "tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
