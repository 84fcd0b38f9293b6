import type { ReactNode } from "react";
import { connection } from "next/server";
import { DemoBanner } from "@/components/layout/demo-banner";
import { isDemoMode } from "@/lib/server/config";

/** The signed-out screens, under the demo banner while the server runs in demo mode. */
export default async function PublicLayout({ children }: { children: ReactNode }) {
  // Read per request: the build does not know the DEMO_MODE of the server that runs it.
  await connection();
  return (
    <div className="flex min-h-screen flex-col">
      {isDemoMode() ? <DemoBanner /> : null}
      {children}
    </div>
  );
}
