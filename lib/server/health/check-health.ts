import "server-only";
import { db } from "../db";
import { databaseName } from "../store";
import { AppError } from "../http/app-error";

/** Whether the database answers; throws 503 when it does not (load balancers take the instance out). */
export async function checkHealth(): Promise<{ status: "ok"; database: "postgresql" | "sqlite" }> {
  try {
    await db.$queryRawUnsafe("SELECT 1");
  } catch (error) {
    console.error("Health check: database unreachable:", error);
    throw new AppError("SERVICE_UNAVAILABLE", "The database is unavailable");
  }
  return { status: "ok", database: databaseName() };
}
