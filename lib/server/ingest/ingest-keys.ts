import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "../db";
import { notFound } from "../http/app-error";
import type { CreatedIngestKeyDto, IngestKeyDto } from "@/lib/schemas/ingest";

/** Keys read 'tak_' and 43 URL-safe characters (256 random bits). */
export const INGEST_KEY_PREFIX = "tak_";
const SHOWN_PREFIX_LENGTH = INGEST_KEY_PREFIX.length + 8;
export const INGEST_KEY_PATTERN = /^tak_[A-Za-z0-9_-]{43}$/;

/** Keys are high-entropy random strings, so a plain SHA-256 is a safe way to store them. */
export function hashIngestKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

const keySelect = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  createdBy: { select: { email: true } },
} as const;

type KeyRow = {
  id: string;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  createdBy: { email: string } | null;
};

function toDto(row: KeyRow): IngestKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy?.email ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Administrators: a new key. The key itself is in this answer only; the database keeps its hash. */
export async function createIngestKey(options: { name: string; actorId: string }): Promise<CreatedIngestKeyDto> {
  const key = `${INGEST_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await db.ingestKey.create({
    data: { name: options.name, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), keyHash: hashIngestKey(key), createdById: options.actorId },
    select: keySelect,
  });
  return { ...toDto(row), key };
}

/** Administrators: every key, newest first, revoked ones included (marked by revokedAt). */
export async function listIngestKeys(): Promise<IngestKeyDto[]> {
  const rows = await db.ingestKey.findMany({ orderBy: { createdAt: "desc" }, select: keySelect });
  return rows.map(toDto);
}

/** Administrators: stops a key from working at once. Revoking twice is harmless. Throws NOT_FOUND. */
export async function revokeIngestKey(keyId: string): Promise<IngestKeyDto> {
  const row = await db.ingestKey.findUnique({ where: { id: keyId }, select: keySelect });
  if (!row) throw notFound("Ingest key not found");
  if (row.revokedAt) return toDto(row);
  return toDto(await db.ingestKey.update({ where: { id: keyId }, data: { revokedAt: new Date() }, select: keySelect }));
}
