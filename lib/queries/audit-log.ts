// The administrators' audit log, a page at a time.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/client/api-fetch";
import type { AuditLogResponse } from "@/lib/schemas/audit";

export const AUDIT_LOG_PAGE_SIZE = 50;

export function useAuditLog(page: number) {
  return useQuery<AuditLogResponse>({
    queryKey: ["/api/admin/audit-log", page],
    queryFn: () => apiRequest<AuditLogResponse>("GET", `/api/admin/audit-log?page=${page}&limit=${AUDIT_LOG_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    // Other administrators act too: a revisit shows their newest actions.
    staleTime: 0,
  });
}
