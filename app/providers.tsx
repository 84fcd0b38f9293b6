"use client";
// Client-wide state: the query cache, the session and the toasts.
import { useEffect, useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { makeQueryClient } from "@/lib/queries/query-client";
import { rememberViewerTimeZone } from "@/lib/queries/analytics";
import { SessionProvider } from "@/lib/client/session";
import { Toaster } from "@/components/ui/toaster";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from "@/lib/client/durations";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  useEffect(rememberViewerTimeZone, []);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {children}
        <Toaster duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} hotkey={TOAST_HOTKEY} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
