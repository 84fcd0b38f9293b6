// Derives the PostgreSQL schema from the SQLite one and generates one Prisma client per provider.
import { readFileSync, writeFileSync } from "node:fs";
import { runPrisma } from "./prisma-env.mjs";

const source = readFileSync("prisma/schema.prisma", "utf8");
const postgres = source
  .replace('provider = "sqlite"', 'provider = "postgresql"')
  .replace('output     = "../generated/prisma-sqlite"', 'output     = "../../generated/prisma-pg"')
  .replace(
    /^\/\/ The SQLite schema is the source.*\n\/\/.*\n/m,
    "// Generated from prisma/schema.prisma by scripts/prisma-generate.mjs: edit that file, not this one.\n",
  );
if (!postgres.includes('"postgresql"') || !postgres.includes("prisma-pg")) {
  throw new Error("prisma/schema.prisma no longer has the provider or output line this script swaps");
}
writeFileSync("prisma/postgres/schema.prisma", postgres);

runPrisma(["generate"], { provider: "sqlite" });
runPrisma(["generate"], { provider: "postgres" });
