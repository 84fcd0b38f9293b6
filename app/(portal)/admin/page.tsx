import type { Metadata } from "next";
import { AdminPanel } from "@/components/admin/admin-panel";

export const metadata: Metadata = { title: "Admin Panel · Transcript Analytics" };

export default function AdminPage() {
  return <AdminPanel />;
}
