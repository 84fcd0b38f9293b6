import type { ReactNode } from "react";
import { connection } from "next/server";
import { PortalShell } from "@/components/layout/portal-shell";
import { DemoBanner } from "@/components/layout/demo-banner";
import { isDemoMode } from "@/lib/server/config";
import { getPageSessionUser } from "@/lib/server/pages/page-session";

export default async function PortalLayout({ children }: { children: ReactNode }) {
  // Read per request: the build does not know the DEMO_MODE of the server that runs it.
  await connection();
  return (
    <PortalShell notice={isDemoMode() ? <DemoBanner /> : null} serverUser={await getPageSessionUser()}>
      {children}
    </PortalShell>
  );
}
