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
  message: "lib/server never imports components.",
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
    files: [
      "components/**",
      "app/**/*.tsx",
      "lib/client/**",
      "lib/queries/**",
      "lib/format/**",
      "lib/charts/**",
      "lib/export/**",
      "lib/schemas/**",
    ],
    // Layouts are server components that read the server's configuration.
    ignores: ["app/**/layout.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverOnly, generatedClients], ...databaseDrivers }] },
  },
  {
    files: ["lib/server/**"],
    ignores: ["lib/server/store/**", "lib/server/db.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [componentsOnly, generatedClients], ...databaseDrivers }] },
  },
  {
    files: ["lib/server/store/**", "lib/server/db.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [componentsOnly] }] },
  },
  {
    // Node scripts and tests are not React: a function named use... is not a hook there.
    files: ["scripts/**", "tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
