import "server-only";
import type { NextRequest } from "next/server";
import { db } from "../db";
import { AppError } from "../http/app-error";
import { hashIngestKey, INGEST_KEY_PATTERN } from "./ingest-keys";

/** Who pushes transcripts: the ingest key, never a user. */
export interface IngestPrincipal {
  keyId: string;
  name: string;
}

/** lastUsedAt is refreshed at most this often, so that a busy key does not write on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves the ingest key of a request, sent as `Authorization: Bearer <key>` or `X-API-Key: <key>`,
 * failing closed: a missing, unknown or revoked key is refused with 401.
 */
export async function authenticateIngestKey(req: NextRequest): Promise<IngestPrincipal> {
  const bearer = req.headers.get("authorization")?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
  const key = bearer ?? req.headers.get("x-api-key")?.trim();
  if (!key) throw new AppError("UNAUTHORIZED", "An ingest API key is required (Authorization: Bearer <key> or X-API-Key)");
  if (!INGEST_KEY_PATTERN.test(key)) throw new AppError("UNAUTHORIZED", "Invalid or revoked API key");
  const record = await db.ingestKey.findUnique({ where: { keyHash: hashIngestKey(key) } });
  if (!record || record.revokedAt) throw new AppError("UNAUTHORIZED", "Invalid or revoked API key");
  const now = new Date();
  if (!record.lastUsedAt || now.getTime() - record.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.ingestKey.update({ where: { id: record.id }, data: { lastUsedAt: now } });
  }
  return { keyId: record.id, name: record.name };
}
