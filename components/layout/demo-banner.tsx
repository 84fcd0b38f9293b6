import { TriangleAlert } from "lucide-react";

export const DEMO_BANNER_TEXT = "Demo mode: password reset tokens are shown on screen. Do not use with real data.";

/** Shown across the top of every screen while the server runs in demo mode; the layouts decide when. */
export function DemoBanner() {
  return (
    <aside
      aria-label="Demo mode"
      data-testid="demo-banner"
      className="flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950"
    >
      <TriangleAlert className="size-4 shrink-0" aria-hidden />
      <span>{DEMO_BANNER_TEXT}</span>
    </aside>
  );
}
