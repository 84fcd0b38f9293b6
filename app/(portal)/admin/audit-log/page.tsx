import type { Metadata } from "next";
import { AuditLog } from "@/components/audit/audit-log";

export const metadata: Metadata = { title: "Audit Log · Transcript Analytics" };

export default function AuditLogPage() {
  return <AuditLog />;
}
