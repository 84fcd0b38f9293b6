"use client";
// On a transcript opened from a dashboard search: how many times the search occurs in the shown
// messages, which one is current, and buttons to go from one to the next (each scrolled into view;
// also the keys n and Shift+N) or to clear the highlighting.
import { useCallback, useEffect, useMemo, useState } from "react";
import Link from "next/link";
import { ChevronDown, ChevronUp, X } from "lucide-react";
import { Button, buttonClasses } from "@/components/ui/button";
import type { ShownTurn } from "@/lib/transcript-view/shown-turns";
import { highlightedSearch, messageMatchCount } from "@/lib/transcript-view/search-matches";
import { anchoredMessageIndex, transcriptPath } from "@/lib/transcript-view/transcript-links";
import { searchMatchSelector, type MessageSearch } from "./message-content";

export interface SearchHits {
  /** The search as typed. */
  search: string;
  total: number;
  current: number;
  /** What each shown turn marks, by its index among the shown turns. */
  searchOf(turnIndex: number): MessageSearch | undefined;
  previous(): void;
  next(): void;
}

/**
 * The matches of `search` in the shown turns. The first one is scrolled into view once they are
 * shown, unless the address points at a message (a rating's link), which then keeps its place.
 */
export function useSearchHits(search: string | null, turns: readonly ShownTurn[] | null): SearchHits | null {
  const query = useMemo(() => highlightedSearch(search), [search]);
  const firstMatches = useMemo(() => {
    if (!query || !turns) return null;
    const firsts: number[] = [];
    let total = 0;
    for (const turn of turns) {
      firsts.push(total);
      total += messageMatchCount(turn.text, query);
    }
    return { firsts, total };
  }, [query, turns]);
  const [current, setCurrent] = useState(0);
  const [moved, setMoved] = useState(false);
  const total = firstMatches?.total ?? 0;
  const position = Math.min(current, Math.max(total - 1, 0));

  useEffect(() => {
    if (total === 0 || (!moved && anchoredMessageIndex(window.location.hash) !== null)) return;
    document.querySelector(searchMatchSelector(position))?.scrollIntoView({ block: "center" });
  }, [position, moved, total]);

  const go = useCallback(
    (step: number) => {
      setMoved(true);
      setCurrent((value) => (Math.min(value, total - 1) + step + total) % total);
    },
    [total],
  );
  // n and Shift+N step through the matches, unless a key is meant for a field or a dialog.
  useEffect(() => {
    if (total < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "n" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("input, textarea, select, [contenteditable], [role='dialog']")) return;
      event.preventDefault();
      go(event.shiftKey ? -1 : 1);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [go, total]);

  if (!query || !firstMatches || search === null) return null;
  return {
    search: search.trim(),
    total,
    current: position,
    searchOf: (turnIndex) => ({ query, firstMatch: firstMatches.firsts[turnIndex] ?? 0, currentMatch: position }),
    previous: () => go(-1),
    next: () => go(1),
  };
}

export function SearchHitsBar({ hits, transcriptId }: { hits: SearchHits; transcriptId: string }) {
  const quoted = `“${hits.search}”`;
  return (
    <div
      className="flex items-center gap-1 rounded-lg border border-yellow-300 bg-yellow-50 py-1.5 pl-3 pr-1.5 text-sm text-slate-800"
      data-testid="search-hits"
    >
      <p aria-live="polite" className="min-w-0 flex-1 break-words">
        {hits.total === 0 ? (
          <>No matches for {quoted} in these messages</>
        ) : (
          <>
            Match {hits.current + 1} of {hits.total} for <span className="font-semibold">{quoted}</span>
          </>
        )}
      </p>
      {hits.total > 1 ? (
        <>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0"
            onClick={hits.previous}
            aria-label="Previous match"
            aria-keyshortcuts="Shift+N"
            title="Previous match (Shift+N)"
          >
            <ChevronUp aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 shrink-0"
            onClick={hits.next}
            aria-label="Next match"
            aria-keyshortcuts="N"
            title="Next match (N)"
          >
            <ChevronDown aria-hidden />
          </Button>
        </>
      ) : null}
      <Link
        href={transcriptPath(transcriptId)}
        replace
        className={buttonClasses({ variant: "ghost", size: "sm", className: "h-8 shrink-0 px-2" })}
      >
        <X aria-hidden />
        <span className="sr-only sm:not-sr-only">Clear</span>
      </Link>
    </div>
  );
}
