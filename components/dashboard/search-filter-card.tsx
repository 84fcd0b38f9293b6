"use client";
// Search & Filter card: a search box and a session filter, each with a clear
// button, and the number of matches while either is set.
import type { ReactNode } from "react";
import { Search, X, Fingerprint } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { filteredResultsText } from "@/lib/format/transcript-labels";

function FilterBox({
  label,
  placeholder,
  value,
  onChange,
  onClear,
  icon: Icon,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  onClear: () => void;
  icon: LucideIcon;
}) {
  return (
    <div className="relative min-w-0 flex-1">
      <Icon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <Input
        type="text"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="pl-9 pr-10"
      />
      {value ? (
        <button
          type="button"
          onClick={onClear}
          aria-label={`Clear ${label.toLowerCase()}`}
          className="absolute right-1.5 top-1/2 flex size-7 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}

export function SearchFilterCard({
  search,
  sessionId,
  onSearchChange,
  onSessionChange,
  onClearSearch,
  onClearSession,
  filteredCount,
  children,
}: {
  search: string;
  sessionId: string;
  onSearchChange: (value: string) => void;
  onSessionChange: (value: string) => void;
  onClearSearch: () => void;
  onClearSession: () => void;
  /** Matches of the applied filters; null when no filter is applied. */
  filteredCount: number | null;
  /** Further filters under the two boxes. */
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Search &amp; Filter</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-col gap-3 sm:flex-row">
          <FilterBox
            label="Search transcripts"
            placeholder="Search in transcripts..."
            value={search}
            onChange={onSearchChange}
            onClear={onClearSearch}
            icon={Search}
          />
          <FilterBox
            label="Session ID filter"
            placeholder="Filter by Session ID..."
            value={sessionId}
            onChange={onSessionChange}
            onClear={onClearSession}
            icon={Fingerprint}
          />
        </div>
        {children}
        <p role="status" className={filteredCount === null ? "sr-only" : "text-sm text-slate-600"} data-testid="filtered-results">
          {filteredCount !== null ? filteredResultsText(filteredCount) : null}
        </p>
      </CardContent>
    </Card>
  );
}
