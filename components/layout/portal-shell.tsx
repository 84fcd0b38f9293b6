"use client";
import type { ReactNode } from "react";
import { RequireSession } from "./require-session";
import { AppHeader } from "./app-header";

/** The signed-in frame: session guard, header, and a centred content column. */
export function PortalShell({ children }: { children: ReactNode }) {
  return (
    <RequireSession>
      <div className="flex min-h-screen flex-col">
        <AppHeader />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
          {children}
        </main>
      </div>
    </RequireSession>
  );
}
