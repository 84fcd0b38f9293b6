"use client";
import type { ReactNode } from "react";
import { useSelectedLayoutSegment } from "next/navigation";
import { ServerCheckedSession } from "@/lib/client/session";
import type { SessionUserDto } from "@/lib/schemas/auth";
import { RequireSession } from "./require-session";
import { AppHeader } from "./app-header";

/**
 * The pages whose page.tsx fetches their first data on the server: they render there for a user
 * whose session cookie holds. The others read the browser's storage as they render, so they wait
 * for the stored session.
 */
const SERVER_RENDERED_SEGMENTS: ReadonlySet<string> = new Set(["transcript", "analytics"]);

/**
 * The signed-in frame: session guard, an optional notice across the top (the demo banner), header, and a centred content column.
 * `serverUser`: the user of the session cookie as the server checked it, null when there is none.
 */
export function PortalShell({
  notice,
  serverUser,
  children,
}: {
  notice?: ReactNode;
  serverUser: SessionUserDto | null;
  children: ReactNode;
}) {
  const segment = useSelectedLayoutSegment();
  const isServerRendered = segment !== null && SERVER_RENDERED_SEGMENTS.has(segment);
  return (
    <ServerCheckedSession user={isServerRendered ? serverUser : null}>
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
    </ServerCheckedSession>
  );
}
