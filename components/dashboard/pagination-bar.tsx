"use client";
// Pagination: the range line, the per-page selector, Previous and Next,
// and a window of up to 5 page buttons.
import { ChevronLeft, ChevronRight } from "lucide-react";
import clsx from "clsx";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { PAGE_SIZE_OPTIONS, canGoNext, canGoPrevious, pageWindow, showingRangeText } from "@/lib/format/pagination";

export function PageSizeSelect({ pageSize, onPageSizeChange }: { pageSize: number; onPageSizeChange: (size: number) => void }) {
  return (
    <div className="flex items-center gap-2 text-sm text-slate-600">
      <span id="page-size-label" className="whitespace-nowrap">
        Per page
      </span>
      <Select value={String(pageSize)} onValueChange={(value) => onPageSizeChange(Number(value))}>
        <SelectTrigger size="sm" className="w-20" aria-labelledby="page-size-label" data-testid="page-size">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {PAGE_SIZE_OPTIONS.map((size) => (
            <SelectItem key={size} value={String(size)}>
              {size}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

export function PaginationBar({
  page,
  pageSize,
  total,
  totalPages,
  onPageChange,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
}) {
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col gap-3 border-t border-slate-100 pt-4 lg:flex-row lg:items-center lg:justify-between"
    >
      <p className="text-sm text-slate-600" data-testid="pagination-range">
        {showingRangeText(page, pageSize, total)}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <PageSizeSelect pageSize={pageSize} onPageSizeChange={onPageSizeChange} />
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            onClick={() => onPageChange(page - 1)}
            disabled={!canGoPrevious(page)}
            className="px-2 sm:px-3"
          >
            <ChevronLeft aria-hidden />
            <span className="sr-only sm:not-sr-only">Previous</span>
          </Button>
          {pageWindow(page, totalPages).map((number) => (
            <Button
              key={number}
              variant={number === page ? "primary" : "ghost"}
              size="sm"
              className={clsx("min-w-8 px-2")}
              aria-current={number === page ? "page" : undefined}
              aria-label={`Page ${number}`}
              onClick={() => onPageChange(number)}
            >
              {number}
            </Button>
          ))}
          <Button
            variant="outline"
            size="sm"
            onClick={() => onPageChange(page + 1)}
            disabled={!canGoNext(page, totalPages)}
            className="px-2 sm:px-3"
          >
            <span className="sr-only sm:not-sr-only">Next</span>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
    </nav>
  );
}
