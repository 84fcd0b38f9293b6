import "server-only";
import type { Prisma } from "@/generated/prisma-sqlite/client";
import { closeStore, databaseName, prismaClient, type PortalPrismaClient } from "./store";

/** Prisma's `sql` and `join` helpers and types; the same for both generated clients. */
export { Prisma } from "@/generated/prisma-sqlite/client";

/** The Prisma client's type: both generated clients expose the same models. */
export type Database = PortalPrismaClient;

/** The client inside an interactive transaction. */
export type DatabaseTransaction = Prisma.TransactionClient;

/**
 * The Prisma client for DATABASE_URL, on the store's connections (lib/server/store): one pool per
 * database per process, which the store opens on first use.
 */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const client = prismaClient();
    const value = Reflect.get(client, property, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

/** Closes this process's connections to the database (Prisma's and the store's are the same). */
export function disconnectDb(): Promise<void> {
  return closeStore();
}

export function isPostgres(): boolean {
  return databaseName() === "postgresql";
}
