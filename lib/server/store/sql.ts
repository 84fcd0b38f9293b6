import "server-only";
import { Prisma } from "@/generated/prisma-sqlite/client";

// The store's SQL, built with Prisma.sql: its values become parameters, rendered as ? (SQLite) or
// $1 (PostgreSQL) by whichever connection runs it.
export const sql = Prisma.sql;
export const join = Prisma.join;
export type Sql = Prisma.Sql;

/** A statement from the code with no parameters (pragmas, maintenance). */
export function sqlText(text: string): Sql {
  return Prisma.raw(text);
}

/**
 * An integer computed by the server, written into the SQL as a literal: PostgreSQL cannot infer the
 * type of a bare parameter inside arithmetic or CASE, and these values never come from a client.
 */
export function int(value: number): Sql {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a safe integer: ${value}`);
  return Prisma.raw(String(value));
}

/**
 * Integers as one array literal ('{4,8,15}'), to bind as a single text parameter cast to an array
 * type: the driver would escape every element of an array it is given.
 */
export function integerArrayLiteral(values: readonly (number | bigint)[]): string {
  return `{${values.join(",")}}`;
}

/** A column name from the code (never from input), quoted. */
export function identifier(name: string): Sql {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not an identifier: ${name}`);
  return Prisma.raw(`"${name}"`);
}

/** Counts and sums come back as number, bigint, numeric string or Decimal depending on the driver. */
export function toNumber(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  return Number(String(value));
}

/** DATETIME columns come back as Date (PostgreSQL) or as ISO text (SQLite). */
export function toIso(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  return date.toISOString();
}
