"use client";
// Transcript list: the Export menu, and how far a running export has got.
import { ChevronDown, FileJson, FileSpreadsheet, LoaderCircle, Share } from "lucide-react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { percentDone } from "@/lib/format/percent";
import type { ConversationExportFormat } from "@/lib/schemas/transcripts";
import { prefetchTranscriptExport, type ExportFormat, type ExportLink, type ExportProgress } from "./use-transcript-export";

const PHASE_LABEL: Record<ExportProgress["phase"], string> = {
  fetching: "Fetching transcripts",
  enriching: "Processing transcripts",
};

export function ExportProgressBar({ progress }: { progress: ExportProgress }) {
  // Before the first page answers there is nothing done; with no rows to complete, processing is done.
  const percent = percentDone(progress.done, progress.total, progress.phase === "enriching" ? 100 : 0);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3 sm:max-w-xs" data-testid="export-progress">
      <div
        role="progressbar"
        aria-label={PHASE_LABEL[progress.phase]}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="whitespace-nowrap text-xs font-medium tabular-nums text-slate-700">
        {PHASE_LABEL[progress.phase]} {percent}%
      </span>
    </div>
  );
}

/** The exports with conversations, built by the server and downloaded by the browser. */
const CONVERSATION_EXPORTS: { format: ConversationExportFormat; label: string; Icon: typeof FileJson }[] = [
  { format: "jsonl", label: "Export with conversations (JSON Lines)", Icon: FileJson },
  { format: "csv", label: "Export with conversations (CSV, one row per message)", Icon: FileSpreadsheet },
];

export function ExportMenu({
  isExporting,
  onExport,
  conversationLink,
}: {
  isExporting: boolean;
  onExport: (format: ExportFormat) => void;
  conversationLink: (format: ConversationExportFormat) => ExportLink;
}) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild disabled={isExporting}>
        <Button variant="outline" size="sm" onPointerEnter={prefetchTranscriptExport} onFocus={prefetchTranscriptExport}>
          {isExporting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Share aria-hidden />}
          {isExporting ? "Exporting..." : "Export"}
          <ChevronDown aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[11rem] max-w-[min(24rem,calc(100vw-2rem))]">
        <DropdownMenuItem onSelect={() => onExport("csv")}>
          <FileSpreadsheet aria-hidden />
          Export as CSV
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onExport("json")}>
          <FileJson aria-hidden />
          Export as JSON
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {CONVERSATION_EXPORTS.map(({ format, label, Icon }) => {
          const link = conversationLink(format);
          return (
            <DropdownMenuItem key={format} asChild>
              {/* A link the browser downloads by itself: nothing of the file passes through the page. */}
              <a href={link.href} download onClick={link.onClick}>
                <Icon aria-hidden />
                {label}
              </a>
            </DropdownMenuItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
