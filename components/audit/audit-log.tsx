"use client";
// The audit log screen: what administrators did, to whom and when, newest first.
import { useState } from "react";
import { DataTableCard, DataTableHead } from "@/components/ui/data-table-card";
import { Button } from "@/components/ui/button";
import { PageTitle } from "@/components/layout/page-title";
import { BackToAdminPanel } from "@/components/admin/back-to-admin-panel";
import { useAuditLog } from "@/lib/queries/audit-log";
import { auditActionLabel, auditDetailsText } from "@/lib/format/audit-action";
import { formatDateTime } from "@/lib/format/date-time";
import { errorMessage } from "@/lib/client/api-error";

export function AuditLog() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  const totalPages = log.data?.totalPages ?? 0;

  return (
    <>
      <PageTitle title="Audit Log" subtitle="Every administrator action, newest first" actions={<BackToAdminPanel />} />
      <DataTableCard
        label="Audit log entries"
        isPending={log.isPending}
        error={log.isError ? `Failed to load the audit log: ${errorMessage(log.error, "An unexpected error occurred")}` : null}
        isEmpty={log.data?.items.length === 0}
        emptyText="No administrator actions recorded yet"
        skeletonRows={6}
      >
        <table className="w-full min-w-[640px] text-left text-sm">
          <DataTableHead columns={["When", "Administrator", "Action", "Target", "Change"]} />
          <tbody className="divide-y divide-slate-100">
            {log.data?.items.map((event) => (
              <tr key={event.id}>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(event.createdAt)}</td>
                <td className="px-4 py-3 text-slate-900">{event.actorEmail}</td>
                <td className="px-4 py-3 font-medium text-slate-900">{auditActionLabel(event.action)}</td>
                <td className="px-4 py-3 text-slate-700">{event.targetLabel ?? event.targetId ?? "—"}</td>
                <td className="min-w-48 px-4 py-3 text-slate-600 [overflow-wrap:anywhere]" data-testid="audit-change">
                  {auditDetailsText(event.details)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </DataTableCard>
      {totalPages > 1 ? (
        <nav aria-label="Audit log pages" className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600">
          <span>
            Page {page} of {totalPages}
          </span>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </div>
        </nav>
      ) : null}
    </>
  );
}
