// Transcript page: loading, not found, failed and empty.
import { FileQuestion, MessagesSquare } from "lucide-react";
import { Card } from "@/components/ui/card";
import { EmptyNoticeCard, ErrorNoticeCard } from "@/components/ui/notice-card";
import { Skeleton } from "@/components/ui/skeleton";

export function TranscriptLoading() {
  return (
    <div className="space-y-4" aria-busy="true">
      <p role="status" className="sr-only">
        Loading transcript...
      </p>
      <Card className="p-6">
        <div className="grid gap-4 sm:grid-cols-3">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
      </Card>
      <Card className="space-y-4 p-6">
        <Skeleton className="h-14 w-2/3" />
        <Skeleton className="ml-auto h-10 w-1/2" />
        <Skeleton className="h-20 w-3/4" />
      </Card>
    </div>
  );
}

export function TranscriptNotFound() {
  return <EmptyNoticeCard icon={FileQuestion} title="Transcript not found" role="alert" />;
}

export function TranscriptLoadError({ message }: { message: string | undefined }) {
  return <ErrorNoticeCard title="Failed to load transcript" message={message} />;
}

export function NoMessages() {
  return (
    <div className="flex flex-col items-center gap-2 py-10 text-center">
      <MessagesSquare className="size-10 text-slate-400" aria-hidden />
      <p className="text-sm text-slate-600">No conversation messages available</p>
    </div>
  );
}
