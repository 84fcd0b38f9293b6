"use client";
// Review next: on a transcript opened from a pass, the pass's progress, Previous and
// Next, and keyboard shortcuts (listed in the "?" overlay) for the review's common steps.
import { useCallback, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { ChevronLeft, ChevronRight, Keyboard } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast-store";
import { useSession } from "@/lib/client/session";
import { useReviewChange } from "@/lib/queries/review";
import { markVisited, nextInPass, queuePath, usePassProgress, visitedInPass } from "@/lib/queries/review-queue";
import type { ReviewChange } from "@/lib/schemas/review";
import { openAddTagList } from "./add-tag-select";

/** The shortcuts, as the overlay lists them. */
export const REVIEW_SHORTCUTS: { keys: string; action: string }[] = [
  { keys: "r", action: "Mark reviewed" },
  { keys: "a", action: "Mark needs attention" },
  { keys: "t", action: "Add a tag" },
  { keys: "m", action: "Assign to me" },
  { keys: "n", action: "Next transcript" },
  { keys: "p", action: "Previous transcript" },
  { keys: "?", action: "Show these shortcuts" },
];

export function progressText(reviewed: number, total: number): string {
  return `${reviewed.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} reviewed`;
}

/**
 * Roles of the controls that take typed letters themselves: a text field, a combobox or select
 * (closed, a letter picks the first option starting with it), a list, a menu or a dialog (and what
 * they contain: their options and items).
 */
const OWN_KEYS_ROLES = ["textbox", "searchbox", "combobox", "listbox", "menu", "menubar", "tree", "dialog", "alertdialog"];
const OWN_KEYS_SELECTOR = OWN_KEYS_ROLES.map((role) => `[role="${role}"]`).join(",");

/** Whether a key press belongs to the control that has the focus rather than to the page. */
function belongsToControl(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.closest(OWN_KEYS_SELECTOR) !== null;
}

export function ReviewQueueBar({ transcriptId, query }: { transcriptId: string; query: string }) {
  const router = useRouter();
  const { user } = useSession();
  const progress = usePassProgress(query);
  const change = useReviewChange(transcriptId);
  const [helpOpen, setHelpOpen] = useState(false);
  const [moving, setMoving] = useState(false);

  useEffect(() => markVisited(query, transcriptId), [query, transcriptId]);
  const visited = visitedInPass(query);
  const position = visited.indexOf(transcriptId);
  const previousId = position > 0 ? visited[position - 1] : null;

  const apply = useCallback(
    (value: ReviewChange) =>
      change.mutate(value, {
        onError: (error) => toast({ title: "Review not saved", description: error.message, variant: "destructive" }),
      }),
    [change],
  );

  const next = useCallback(async () => {
    setMoving(true);
    try {
      const current = visitedInPass(query);
      // Later ones already visited (after Previous) come first, in their order.
      const at = current.indexOf(transcriptId);
      const id = at >= 0 && at < current.length - 1 ? current[at + 1] : await nextInPass(query, current);
      if (id === null) {
        toast({ title: "End of the list", description: "Every transcript of this list was visited in this pass", variant: "success" });
        router.push(`/dashboard?${query}`);
      } else router.push(queuePath(id, query));
    } catch (error) {
      toast({ title: "Next failed", description: error instanceof Error ? error.message : undefined, variant: "destructive" });
    } finally {
      setMoving(false);
    }
  }, [query, router, transcriptId]);

  const previous = useCallback(() => {
    if (previousId) router.push(queuePath(previousId, query));
  }, [previousId, query, router]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // Shortcuts are plain letters: never while a control takes the letters, nor once one handled the key.
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || belongsToControl(event.target)) return;
      const actions: Record<string, () => void> = {
        r: () => apply({ status: "reviewed" }),
        a: () => apply({ status: "needs_attention" }),
        m: () => user && apply({ assigneeId: user.id }),
        t: openAddTagList,
        n: () => void next(),
        p: previous,
        "?": () => setHelpOpen(true),
      };
      const action = actions[event.key];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [apply, next, previous, user]);

  return (
    <div
      className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-indigo-200 bg-indigo-50/60 px-4 py-2.5"
      role="region"
      aria-label="Review pass"
    >
      <p className="text-sm font-medium text-indigo-900" role="status" data-testid="pass-progress">
        {progress.data
          ? progressText(progress.data.reviewed, progress.data.total)
          : progress.isError
            ? "Progress unavailable"
            : "Counting..."}
      </p>
      <div className="flex items-center gap-2">
        <Button size="sm" variant="outline" onClick={previous} disabled={!previousId}>
          <ChevronLeft aria-hidden />
          Previous
        </Button>
        <Button size="sm" onClick={() => void next()} disabled={moving}>
          Next
          <ChevronRight aria-hidden />
        </Button>
        <Button size="sm" variant="ghost" aria-label="Keyboard shortcuts" onClick={() => setHelpOpen(true)}>
          <Keyboard aria-hidden />?
        </Button>
      </div>
      <Dialog
        open={helpOpen}
        onOpenChange={setHelpOpen}
        title="Keyboard shortcuts"
        description="While reviewing a list, outside text fields."
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {REVIEW_SHORTCUTS.map((shortcut) => (
            <div key={shortcut.keys} className="contents">
              <dt>
                <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">{shortcut.keys}</kbd>
              </dt>
              <dd className="text-slate-700">{shortcut.action}</dd>
            </div>
          ))}
        </dl>
      </Dialog>
    </div>
  );
}
