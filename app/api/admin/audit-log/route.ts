// GET /api/admin/audit-log?page&limit — administrators: who did what to whom and when, newest first.
import { route } from "@/lib/server/http/route";
import { auditLogQuerySchema } from "@/lib/schemas/audit";
import { listAuditEvents } from "@/lib/server/audit/list-audit-events";

export const GET = route({ access: "admin", query: auditLogQuerySchema }, async ({ query }) => listAuditEvents(query));
