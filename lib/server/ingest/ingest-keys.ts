import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db } from "../db";
import { notFound } from "../http/app-error";
import { recordAuditEvent } from "../audit/record-audit-event";
import type { SessionUser } from "../auth/session";
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

type Actor = Pick<SessionUser, "id" | "email">;

/** Administrators: a new key, audited. The key itself is in this answer only; the database keeps its hash. */
export async function createIngestKey({ name, actor }: { name: string; actor: Actor }): Promise<CreatedIngestKeyDto> {
  const key = `${INGEST_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return db.$transaction(async (tx) => {
    const row = await tx.ingestKey.create({
      data: { name, prefix: key.slice(0, SHOWN_PREFIX_LENGTH), keyHash: hashIngestKey(key), createdById: actor.id },
      select: keySelect,
    });
    await recordAuditEvent(tx, {
      actor,
      action: "ingest_key.create",
      targetType: "ingest_key",
      targetId: row.id,
      targetLabel: `${name} (${row.prefix}…)`,
    });
    return { ...toDto(row), key };
  });
}

/** Administrators: every key, newest first, revoked ones included (marked by revokedAt). */
export async function listIngestKeys(): Promise<IngestKeyDto[]> {
  const rows = await db.ingestKey.findMany({ orderBy: { createdAt: "desc" }, select: keySelect });
  return rows.map(toDto);
}

/**
 * Administrators: stops a key from working at once, audited. Revoking again is harmless: the first
 * revocation's time stands and only it is recorded, also when several arrive at once, since the
 * conditional update inside the transaction decides which one revokes. Throws NOT_FOUND.
 */
export async function revokeIngestKey({ keyId, actor }: { keyId: string; actor: Actor }): Promise<IngestKeyDto> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.ingestKey.updateMany({ where: { id: keyId, revokedAt: null }, data: { revokedAt: new Date() } });
    const row = await tx.ingestKey.findUnique({ where: { id: keyId }, select: keySelect });
    if (!row) throw notFound("Ingest key not found");
    if (count === 1) {
      await recordAuditEvent(tx, {
        actor,
        action: "ingest_key.revoke",
        targetType: "ingest_key",
        targetId: keyId,
        targetLabel: `${row.name} (${row.prefix}…)`,
      });
    }
    return toDto(row);
  });
}
