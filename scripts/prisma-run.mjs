// `npm run db:migrate`: applies the migrations of the database DATABASE_URL names (SQLite by default).
import { runPrisma } from "./prisma-env.mjs";

runPrisma(process.argv.slice(2));
