"use client";
// A card holding a table and its states: a skeleton while loading, the error, an empty line, or the
// table in a scroll area that keyboard users can focus to scroll it sideways on a phone.
import type { ReactNode } from "react";
import { Card } from "./card";
import { Skeleton } from "./skeleton";

export function DataTableCard({
  label,
  isPending,
  error,
  isEmpty,
  emptyText,
  skeletonRows = 3,
  children,
}: {
  /** Names the table for assistive technology, e.g. 'Audit log entries'. */
  label: string;
  isPending: boolean;
  /** The failure text to show, or null. */
  error: string | null;
  isEmpty: boolean;
  emptyText: string;
  skeletonRows?: number;
  children: ReactNode;
}) {
  return (
    <Card className="overflow-hidden">
      {isPending ? (
        <div className="space-y-3 p-6" role="status" aria-label={`Loading ${label.toLowerCase()}`}>
          {Array.from({ length: skeletonRows }, (_, i) => (
            <Skeleton key={i} className="h-8 w-full" />
          ))}
        </div>
      ) : error !== null ? (
        <p className="p-6 text-red-700" role="alert">
          {error}
        </p>
      ) : isEmpty ? (
        <p className="p-6 text-slate-600">{emptyText}</p>
      ) : (
        <div
          // relative: screen-reader-only header text stays inside the scroll area.
          tabIndex={0}
          role="region"
          aria-label={label}
          className="relative overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-indigo-500"
        >
          {children}
        </div>
      )}
    </Card>
  );
}

/** The header row of a DataTableCard's table; a column given as `{ srOnly }` is named for screen readers only. */
export function DataTableHead({ columns }: { columns: (string | { srOnly: string })[] }) {
  return (
    <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
      <tr>
        {columns.map((column) => (
          <th key={typeof column === "string" ? column : column.srOnly} scope="col" className="px-4 py-3 font-medium">
            {typeof column === "string" ? column : <span className="sr-only">{column.srOnly}</span>}
          </th>
        ))}
      </tr>
    </thead>
  );
}
