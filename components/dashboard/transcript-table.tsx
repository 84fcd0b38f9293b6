"use client";
// Spec section 2 (Transcript list): six columns; a row opens /transcript/{id} on click or Enter.
import { useRouter } from "next/navigation";
import clsx from "clsx";
import { formatDateTime } from "@/lib/format/date-time";
import { truncatedId, turnsLabel } from "@/lib/format/transcript-labels";
import type { TranscriptListItem } from "@/lib/schemas/transcripts";

export const TRANSCRIPT_COLUMNS = ["Transcript ID", "Session ID", "Timestamp", "Duration", "Messages", "Preview"] as const;

export function transcriptPath(id: string): string {
  return `/transcript/${encodeURIComponent(id)}`;
}

export function TranscriptTable({ rows, isUpdating }: { rows: readonly TranscriptListItem[]; isUpdating: boolean }) {
  const router = useRouter();
  return (
    <div className={clsx("-mx-6 overflow-x-auto transition-opacity sm:mx-0", isUpdating && "opacity-60")} aria-busy={isUpdating}>
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            {TRANSCRIPT_COLUMNS.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap px-3 py-2.5 font-semibold first:pl-6 last:pr-6 sm:first:pl-3 sm:last:pr-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const open = () => router.push(transcriptPath(row.id));
            return (
              <tr
                key={row.id}
                tabIndex={0}
                data-testid="transcript-row"
                data-transcript-id={row.id}
                onClick={open}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    open();
                  }
                }}
                className="cursor-pointer border-b border-slate-100 last:border-0 hover:bg-indigo-50/60 focus-visible:bg-indigo-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500"
              >
                <td className="whitespace-nowrap px-3 py-3 pl-6 font-mono text-xs text-indigo-700 sm:pl-3" title={row.id}>
                  {truncatedId(row.id)}
                </td>
                <td className="whitespace-nowrap px-3 py-3 font-mono text-xs text-slate-600" title={row.sessionId}>
                  {truncatedId(row.sessionId)}
                </td>
                <td className="whitespace-nowrap px-3 py-3 text-slate-700">{formatDateTime(row.timestamp)}</td>
                <td className="whitespace-nowrap px-3 py-3 text-slate-700">{row.duration}</td>
                <td className="whitespace-nowrap px-3 py-3 text-slate-700">{turnsLabel(row.messageCount)}</td>
                <td className="max-w-[18rem] truncate px-3 py-3 pr-6 text-slate-600 sm:pr-3" title={row.preview}>
                  {row.preview}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
