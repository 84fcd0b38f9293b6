import "server-only";
import { NextResponse } from "next/server";
import { AppError } from "./app-error";
import { READ_TIMEOUT_CODE } from "../store";

/** Maps anything thrown by a handler to `{message}` with its status; unknown errors reveal nothing. */
export function toErrorResponse(error: unknown): Response {
  const appError = error instanceof AppError ? error : fromDatabaseError(error);
  if (appError) {
    const headers: Record<string, string> = {};
    if (appError.retryAfterSeconds !== undefined) headers["Retry-After"] = String(appError.retryAfterSeconds);
    return NextResponse.json({ message: appError.message }, { status: appError.status, headers });
  }
  console.error("Unhandled error in route handler:", error);
  return NextResponse.json({ message: "Internal server error" }, { status: 500 });
}

/** A store read stopped at, or refused past, its time budget (lib/server/store/read-budget.ts); the store logs each. */
const TIMEOUT_CODES = new Set([READ_TIMEOUT_CODE]);
export const READ_TIMEOUT_MESSAGE = "The search took too long. Narrow the date range or the search and try again.";

const UNAVAILABLE_CODES = new Set([
  "P1001",
  "P1002",
  "P1008",
  "P1017",
  "P2024",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P03",
  "SQLITE_BUSY",
  "SQLITE_CANTOPEN",
]);
/** Prisma's driver adapters report an unreachable database on raw queries only as the adapter error's kind. */
const UNAVAILABLE_ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

function fromDatabaseError(error: unknown): AppError | null {
  if (!error || typeof error !== "object") return null;
  const code = String((error as { code?: unknown }).code ?? "");
  const causeCode = String(((error as { cause?: { code?: unknown } }).cause ?? {}).code ?? "");
  if (TIMEOUT_CODES.has(code) || TIMEOUT_CODES.has(causeCode)) return new AppError("SERVICE_UNAVAILABLE", READ_TIMEOUT_MESSAGE);
  if (code === "P2025") return new AppError("NOT_FOUND", "Not found");
  if (code === "P2002") return new AppError("CONFLICT", "A record with these details already exists");
  const name = (error as { name?: unknown }).name;
  const adapterKind = String(
    (error as { meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } }).meta?.driverAdapterError?.cause?.kind ?? "",
  );
  if (
    name === "PrismaClientInitializationError" ||
    UNAVAILABLE_CODES.has(code) ||
    UNAVAILABLE_CODES.has(causeCode) ||
    UNAVAILABLE_ADAPTER_KINDS.has(adapterKind)
  ) {
    console.error("Database unavailable:", error);
    return new AppError("SERVICE_UNAVAILABLE", "The database is unavailable. Please try again shortly.");
  }
  return null;
}
