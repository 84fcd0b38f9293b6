"use client";
import type { ReactNode } from "react";
import { RequireSession } from "./require-session";
import { AppHeader } from "./app-header";

/** The signed-in frame: session guard, an optional notice across the top (the demo banner), header, and a centred content column. */
export function PortalShell({ notice, children }: { notice?: ReactNode; children: ReactNode }) {
  return (
    <RequireSession>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-indigo-700 focus:shadow-lg focus:ring-2 focus:ring-indigo-500"
        >
          Skip to content
        </a>
        {notice}
        <AppHeader />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">
          {children}
        </main>
      </div>
    </RequireSession>
  );
}
