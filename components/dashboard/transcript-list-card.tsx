"use client";
// Transcript list: 'Transcripts (count on page)', the Export menu, the table and
// the pagination.
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { withCount } from "@/lib/format/count-label";
import { PAGE_SIZE_OPTIONS } from "@/lib/format/pagination";
import type { TranscriptListItem } from "@/lib/schemas/transcripts";
import { ExportMenu, ExportProgressBar } from "./export-menu";
import { PageSizeSelect, PaginationBar } from "./pagination-bar";
import { TranscriptTable } from "./transcript-table";
import type { ConversationExportFormat } from "@/lib/schemas/transcripts";
import type { ExportFormat, ExportLink, ExportProgress } from "./use-transcript-export";

export function TranscriptListCard({
  rows,
  search,
  total,
  totalPages,
  page,
  pageSize,
  isUpdating,
  exportProgress,
  onExport,
  conversationLink,
  onPageChange,
  onPageSizeChange,
}: {
  rows: readonly TranscriptListItem[];
  /** The search that found the rows. */
  search: string;
  total: number;
  totalPages: number;
  page: number;
  pageSize: number;
  isUpdating: boolean;
  exportProgress: ExportProgress | null;
  onExport: (format: ExportFormat) => void;
  conversationLink: (format: ConversationExportFormat) => ExportLink;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{withCount("Transcripts", rows.length)}</CardTitle>
        <div className="flex flex-1 flex-wrap items-center justify-end gap-3">
          {exportProgress ? <ExportProgressBar progress={exportProgress} /> : null}
          <ExportMenu isExporting={exportProgress !== null} onExport={onExport} conversationLink={conversationLink} />
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <TranscriptTable rows={rows} search={search} isUpdating={isUpdating} />
        {totalPages > 1 ? (
          <PaginationBar
            page={page}
            pageSize={pageSize}
            total={total}
            totalPages={totalPages}
            onPageChange={onPageChange}
            onPageSizeChange={onPageSizeChange}
          />
        ) : total > PAGE_SIZE_OPTIONS[0] ? (
          // One page only, but a smaller page size would give several: keep the selector reachable.
          <div className="flex justify-end border-t border-slate-100 pt-4">
            <PageSizeSelect pageSize={pageSize} onPageSizeChange={onPageSizeChange} />
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
