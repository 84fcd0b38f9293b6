import "server-only";
import { db } from "../db";
import type { AuditLogQuery, AuditLogResponse } from "@/lib/schemas/audit";

/** A page of the audit log, newest first. Administrators only. */
export async function listAuditEvents(query: AuditLogQuery): Promise<AuditLogResponse> {
  const [rows, total] = await Promise.all([
    db.auditEvent.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.limit,
      take: query.limit,
    }),
    db.auditEvent.count(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      targetLabel: row.targetLabel,
      details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    totalPages: Math.ceil(total / query.limit),
  };
}
