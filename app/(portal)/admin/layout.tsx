import type { ReactNode } from "react";
import { RequireAdmin } from "@/components/layout/require-session";

export default function AdminLayout({ children }: { children: ReactNode }) {
  return <RequireAdmin>{children}</RequireAdmin>;
}
