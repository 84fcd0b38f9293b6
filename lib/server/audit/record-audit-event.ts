import "server-only";
import type { Database } from "../db";
import type { SessionUser } from "../auth/session";

/** The administrator actions the audit log records, and the accounts single sign-on creates and links (by their user). */
export type AuditAction =
  | "user.approve"
  | "user.deny"
  | "user.make_admin"
  | "user.revoke"
  | "user.restore"
  | "user.delete"
  | "user.sso_create"
  | "user.sso_link"
  | "user.sso_connect"
  | "user.sso_disconnect"
  | "feedback.delete"
  | "feedback.review_status"
  | "ingest_key.create"
  | "ingest_key.revoke"
  | "source.create"
  | "source.update"
  | "source.delete"
  | "source.sync"
  | "transcript.review_status"
  | "transcript.assign"
  | "transcript.tag_add"
  | "transcript.tag_remove"
  | "transcript.note_create"
  | "transcript.note_update"
  | "transcript.note_delete"
  | "transcripts.bulk"
  | "transcripts.export"
  | "tag.create"
  | "tag.update"
  | "tag.delete"
  | "insight_settings.update"
  | "insight_settings.recompute"
  | "privacy_settings.update"
  | "privacy_settings.apply"
  | "privacy_settings.person_keys"
  | "transcripts.erase"
  | "transcripts.retention";

/** Who acted: a user, or the portal itself (no id; its e-mail field names the process, e.g. "retention"). */
export type AuditActor = Pick<SessionUser, "email"> & { id: string | null };

export interface AuditEventInput {
  actor: AuditActor;
  action: AuditAction;
  targetType:
    "user" | "feedback" | "ingest_key" | "source" | "transcript" | "transcripts" | "tag" | "insight_settings" | "privacy_settings";
  targetId: string;
  /** What a reader recognises the target by (an e-mail, a key name), kept after deletion. */
  targetLabel?: string | null;
  details?: Record<string, unknown>;
}

type AuditWriter = Pick<Database, "auditEvent">;

/** Records who did what to whom; pass the transaction client so the record and the action commit together. */
export async function recordAuditEvent(writer: AuditWriter, event: AuditEventInput): Promise<void> {
  await writer.auditEvent.create({
    data: {
      actorId: event.actor.id,
      actorEmail: event.actor.email,
      action: event.action,
      targetType: event.targetType,
      targetId: event.targetId,
      targetLabel: event.targetLabel ?? null,
      details: event.details ? JSON.stringify(event.details) : null,
    },
  });
}
