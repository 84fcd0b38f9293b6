// Contracts of the ingest API and of the administrators' ingest key endpoints.
import { z } from "zod";

export const INGEST_KEY_NAME_MAX_LENGTH = 100;

/** POST /api/admin/ingest-keys */
export const createIngestKeySchema = z
  .object({
    name: z
      .string({ error: "Name is required" })
      .trim()
      .min(1, "Name is required")
      .max(INGEST_KEY_NAME_MAX_LENGTH, `Name must be at most ${INGEST_KEY_NAME_MAX_LENGTH} characters`),
  })
  .strict();
export type CreateIngestKeyInput = z.infer<typeof createIngestKeySchema>;

/** Route parameter of /api/admin/ingest-keys/{keyId}. */
export const ingestKeyIdParamsSchema = z.object({
  keyId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid key id"),
});

export interface IngestKeyDto {
  id: string;
  name: string;
  /** The key's first characters, e.g. 'tak_3fK9x2Qa'. */
  prefix: string;
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Returned once, at creation: the only time the key itself is shown. */
export interface CreatedIngestKeyDto extends IngestKeyDto {
  key: string;
}

export interface RejectedRecord {
  /** Position of the record in the request (or in the file, for the import command). */
  index: number;
  id?: string;
  reason: string;
}

/** What POST /api/ingest/transcripts and the import command report. */
export interface IngestReport {
  imported: number;
  updated: number;
  rejected: RejectedRecord[];
  /**
   * Records read but not stored because a privacy rule refuses them: erased on request, or created
   * before the retention limit. Present only when some were.
   */
  skipped?: number;
}
