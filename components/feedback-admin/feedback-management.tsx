"use client";
// Feedback management: the five count cards, the filter, the exports, and the
// table of the current server page with its empty, loading and failure states.
import { useState } from "react";
import {
  CircleCheck,
  Clock,
  Download,
  FileJson,
  Inbox,
  ListFilter,
  LoaderCircle,
  MessageSquareText,
  ThumbsDown,
  ThumbsUp,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Label } from "@/components/ui/label";
import { EmptyNoticeCard, ErrorNoticeCard, UNEXPECTED_ERROR } from "@/components/ui/notice-card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { StatCard } from "@/components/ui/stat-card";
import { toast } from "@/components/ui/toast-store";
import { PageTitle } from "@/components/layout/page-title";
import { errorMessage } from "@/lib/client/api-error";
import { feedbackCountCards, type CountCardKey } from "@/lib/feedback/count-cards";
import { DEFAULT_FEEDBACK_FILTER, FEEDBACK_FILTER_OPTIONS, isFeedbackFilter } from "@/lib/feedback/filters";
import { DELETED_USER, messageNumber } from "@/lib/feedback/display";
import { FEEDBACK_PAGE_SIZE, useAdminFeedback, useDeleteFeedback } from "@/lib/queries/admin-feedback";
import type { FeedbackDto, FeedbackFilter } from "@/lib/schemas/feedback";
import { FeedbackTable } from "./feedback-table";
import { FeedbackPagination } from "./feedback-pagination";
import { FEEDBACK_TOASTS } from "./feedback-messages";
import { useFeedbackExport } from "./use-feedback-export";
import { useReviewStatusChange } from "./use-review-status-change";

const CARD_LOOK: Record<CountCardKey, { icon: LucideIcon; tone: string }> = {
  total: { icon: MessageSquareText, tone: "bg-indigo-100 text-indigo-700" },
  thumbsUp: { icon: ThumbsUp, tone: "bg-emerald-100 text-emerald-700" },
  thumbsDown: { icon: ThumbsDown, tone: "bg-red-100 text-red-700" },
  pending: { icon: Clock, tone: "bg-amber-100 text-amber-700" },
  reviewed: { icon: CircleCheck, tone: "bg-cyan-100 text-cyan-700" },
};

export function FeedbackManagement() {
  const [filter, setFilter] = useState<FeedbackFilter>(DEFAULT_FEEDBACK_FILTER);
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<FeedbackDto | null>(null);
  const list = useAdminFeedback({ filter, page, limit: FEEDBACK_PAGE_SIZE });
  const deleteFeedback = useDeleteFeedback();
  const { changeStatus, updatingId } = useReviewStatusChange();

  const data = list.data;
  const isCurrent = data !== undefined && !list.isPlaceholderData;
  const { exporting, exportAs } = useFeedbackExport({
    filter,
    loadedItems: isCurrent && page === 1 && data.totalPages <= 1 ? data.items : undefined,
  });

  // A delete can empty the last page: step back to the new last one (set while rendering, so no
  // frame shows the empty page).
  if (isCurrent && data.totalPages > 0 && page > data.totalPages) setPage(data.totalPages);

  const remove = (item: FeedbackDto) => {
    deleteFeedback.mutate(item.id, {
      onSuccess: () => toast({ ...FEEDBACK_TOASTS.deleted, variant: "success" }),
      onError: (error) =>
        toast({
          title: FEEDBACK_TOASTS.deleteFailed.title,
          description: errorMessage(error, FEEDBACK_TOASTS.deleteFailed.fallback),
          variant: "destructive",
        }),
    });
  };

  const isExporting = exporting !== null;

  return (
    <>
      <PageTitle title="Feedback Management" subtitle="Review feedback on bot answers" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
        {feedbackCountCards(data?.counts).map((card, index) => (
          <StatCard
            key={card.key}
            label={card.label}
            value={card.value}
            icon={CARD_LOOK[card.key].icon}
            tone={CARD_LOOK[card.key].tone}
            className={index === 0 ? "col-span-2 sm:col-span-1" : undefined}
          />
        ))}
      </div>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5 sm:w-56">
          <Label htmlFor="feedback-filter">Filter</Label>
          <Select
            value={filter}
            onValueChange={(value) => {
              if (!isFeedbackFilter(value)) return;
              setFilter(value);
              setPage(1);
            }}
          >
            <SelectTrigger id="feedback-filter" data-testid="feedback-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {FEEDBACK_FILTER_OPTIONS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button variant="outline" onClick={() => void exportAs("csv")} disabled={isExporting}>
            {exporting === "csv" ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
            Export CSV
          </Button>
          <Button variant="outline" onClick={() => void exportAs("json")} disabled={isExporting}>
            {exporting === "json" ? <LoaderCircle className="animate-spin" aria-hidden /> : <FileJson aria-hidden />}
            Export JSON
          </Button>
        </div>
      </div>

      <div className="mt-4" aria-busy={list.isFetching} data-testid="feedback-list">
        {list.isError ? (
          <ErrorNoticeCard title="Failed to load feedback" message={errorMessage(list.error, UNEXPECTED_ERROR)} />
        ) : !data ? (
          <Card className="p-10 text-center text-slate-600">
            <span role="status" className="inline-flex items-center gap-2">
              <LoaderCircle className="size-5 animate-spin text-indigo-600" aria-hidden />
              Loading feedback...
            </span>
          </Card>
        ) : data.counts.total === 0 ? (
          <EmptyNoticeCard icon={Inbox} title="No feedback submitted yet" role="status" />
        ) : data.items.length === 0 ? (
          <EmptyNoticeCard icon={ListFilter} title="No feedback matches the current filter" role="status" />
        ) : (
          <Card className="overflow-hidden">
            <FeedbackTable
              items={data.items}
              deletingId={deleteFeedback.isPending ? deleteFeedback.variables : undefined}
              updatingId={updatingId}
              onReviewStatus={changeStatus}
              onDelete={setToDelete}
            />
            {data.totalPages > 1 ? (
              <FeedbackPagination
                page={page}
                totalPages={data.totalPages}
                total={data.total}
                pageSize={FEEDBACK_PAGE_SIZE}
                onPage={setPage}
              />
            ) : null}
          </Card>
        )}
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete this feedback?"
        description={
          toDelete
            ? `The feedback from ${toDelete.user?.email ?? DELETED_USER.toLowerCase()} on message #${messageNumber(toDelete.messageIndex)} will be permanently removed.`
            : ""
        }
        confirmLabel="Delete"
        onConfirm={() => {
          if (toDelete) remove(toDelete);
        }}
      />
    </>
  );
}
