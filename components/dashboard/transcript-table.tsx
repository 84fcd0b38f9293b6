"use client";
// Transcript list: six columns; a row opens /transcript/{id} on click or Enter.
// Each row is a real link (its first cell's link covers the row): a middle or Ctrl/Cmd click opens a
// new tab and the address shows on hover, while a plain click opens it in place, the list's view
// kept in the address and session storage.
import Link from "next/link";
import clsx from "clsx";
import { formatDateTime } from "@/lib/format/date-time";
import { truncatedId, turnsLabel } from "@/lib/format/transcript-labels";
import type { TranscriptInsightFields, TranscriptListItem, TranscriptReviewFields } from "@/lib/schemas/transcripts";
import { MessageSquareText, UserRound } from "lucide-react";
import { ReviewStatusBadge, TagChip, personLabel } from "@/components/review/review-labels";
import { SignalBadge } from "@/components/insights/signal-labels";
import { transcriptPath } from "@/lib/transcript-view/transcript-links";
import { highlightedSearch } from "@/lib/transcript-view/search-matches";
import { HighlightedText } from "@/components/ui/highlighted-text";

export const TRANSCRIPT_COLUMNS = ["Transcript ID", "Session ID", "Timestamp", "Duration", "Messages", "Preview"] as const;
/** The review's column, shown when the rows carry their review. */
export const REVIEW_COLUMN = "Review";

/** A list row, with its review and signals when the server sends them. */
export type ListRow = TranscriptListItem & Partial<TranscriptReviewFields> & Partial<TranscriptInsightFields>;

function hasReview(row: ListRow): row is TranscriptListItem & TranscriptReviewFields & Partial<TranscriptInsightFields> {
  return typeof row.reviewStatus === "string";
}

/** The row's review as badges (status, tags, assignee and note count), then its signals. */
export function ReviewBadges({ row }: { row: ListRow }) {
  if (!hasReview(row)) return null;
  return (
    <span className="flex flex-wrap items-center gap-1.5" data-testid="review-badges">
      <ReviewStatusBadge status={row.reviewStatus} />
      {row.tags.map((tag) => (
        <TagChip key={tag.id} tag={tag} />
      ))}
      {row.assignee ? (
        <span className="inline-flex items-center gap-1 text-xs text-slate-600" data-testid="row-assignee">
          <UserRound className="size-3" aria-hidden />
          <span className="sr-only">Assigned to </span>
          {personLabel(row.assignee)}
        </span>
      ) : null}
      {row.noteCount > 0 ? (
        <span className="inline-flex items-center gap-1 text-xs text-slate-600" data-testid="row-notes">
          <MessageSquareText className="size-3" aria-hidden />
          {row.noteCount}
          <span className="sr-only">{row.noteCount === 1 ? " note" : " notes"}</span>
        </span>
      ) : null}
      {(row.signals ?? []).map((signal) => (
        <SignalBadge key={signal} signal={signal} />
      ))}
    </span>
  );
}

/** A row's preview, or with a search where the transcript holds it, the search marked. */
function PreviewText({ row, query }: { row: TranscriptListItem; query: string | null }) {
  return row.searchSnippet ? <HighlightedText text={row.searchSnippet} query={query} /> : <>{row.preview}</>;
}

interface RowsProps {
  rows: readonly ListRow[];
  /** The search that found the rows, carried to the transcript page. */
  search: string;
  /** The same search folded, for marking it (highlightedSearch). */
  query: string | null;
}

/** Phones: one card per transcript instead of the wide table. */
function TranscriptCards({ rows, search, query }: RowsProps) {
  return (
    <ul className="-mx-2 divide-y divide-slate-100 sm:hidden">
      {rows.map((row) => (
        <li key={row.id}>
          <Link
            href={transcriptPath(row.id, search)}
            data-testid="transcript-card"
            className="block rounded-lg px-2 py-3 hover:bg-indigo-50/60 focus-visible:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
          >
            <span className="flex items-baseline justify-between gap-3">
              <span className="font-mono text-xs text-indigo-700">{truncatedId(row.id)}</span>
              <span className="text-xs text-slate-500">{formatDateTime(row.timestamp)}</span>
            </span>
            <span className="mt-1 block truncate text-sm text-slate-800">
              <PreviewText row={row} query={query} />
            </span>
            <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
              <span>
                <span className="sr-only">Session ID </span>
                <span className="font-mono">{truncatedId(row.sessionId)}</span>
              </span>
              <span>{row.duration}</span>
              <span>{turnsLabel(row.messageCount)}</span>
            </span>
            <span className="mt-1.5 block">
              <ReviewBadges row={row} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `search`: the search that found the rows, which the transcript page then highlights. */
export function TranscriptTable({ rows, search, isUpdating }: { rows: readonly ListRow[]; search: string; isUpdating: boolean }) {
  const query = highlightedSearch(search);
  return (
    <div className={clsx("transition-opacity", isUpdating && "opacity-60")} aria-busy={isUpdating}>
      <TranscriptCards rows={rows} search={search} query={query} />
      <WideTable rows={rows} search={search} query={query} />
    </div>
  );
}

function WideTable({ rows, search, query }: RowsProps) {
  const withReview = rows.some(hasReview);
  const columns: readonly string[] = withReview ? [...TRANSCRIPT_COLUMNS, REVIEW_COLUMN] : TRANSCRIPT_COLUMNS;
  return (
    <div className="hidden overflow-x-auto sm:block">
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            {columns.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-3 py-2.5 font-semibold ">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.id}
              data-testid="transcript-row"
              data-transcript-id={row.id}
              className="relative cursor-pointer border-b border-slate-100 last:border-0 hover:bg-indigo-50/60 has-[a:focus-visible]:bg-indigo-50"
            >
              <td className="whitespace-nowrap px-3 py-3 font-mono text-xs text-indigo-700" title={row.id}>
                <Link
                  href={transcriptPath(row.id, search)}
                  data-testid="transcript-link"
                  className="outline-none after:absolute after:inset-0 focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-indigo-500"
                >
                  {truncatedId(row.id)}
                </Link>
              </td>
              <td className="whitespace-nowrap px-3 py-3 font-mono text-xs text-slate-600" title={row.sessionId}>
                {truncatedId(row.sessionId)}
              </td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-700">{formatDateTime(row.timestamp)}</td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-700">{row.duration}</td>
              <td className="whitespace-nowrap px-3 py-3 text-slate-700">{turnsLabel(row.messageCount)}</td>
              <td
                className="max-w-[18rem] truncate px-3 py-3 text-slate-600"
                title={row.searchSnippet ?? row.preview}
                data-testid="preview"
              >
                <PreviewText row={row} query={query} />
              </td>
              {withReview ? (
                <td className="min-w-[10rem] px-3 py-3">
                  <ReviewBadges row={row} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
