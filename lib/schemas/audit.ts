// Contract of GET /api/admin/audit-log.
import { z } from "zod";

export const auditLogQuerySchema = z.object({
  page: z.coerce
    .number({ error: "page must be a number" })
    .int("page must be a whole number")
    .min(1, "page must be 1 or more")
    .max(1_000_000, "page is out of range")
    .default(1),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 200")
    .max(200, "limit must be between 1 and 200")
    .default(50),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export interface AuditEventDto {
  id: string;
  /** E-mail of the administrator who acted, as it was then. */
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  targetLabel: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
}

export interface AuditLogResponse {
  items: AuditEventDto[];
  total: number;
  totalPages: number;
}
