// List states: the loading skeleton, the error card and the empty card.
import { Inbox } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyNoticeCard, ErrorNoticeCard } from "@/components/ui/notice-card";

export function TranscriptListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Card aria-busy="true" data-testid="transcripts-loading">
      <CardHeader>
        <CardTitle>Loading transcripts...</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex gap-4">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-5 w-24" />
            <Skeleton className="h-5 flex-1" />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

export function TranscriptListError({ message }: { message: string | null | undefined }) {
  return <ErrorNoticeCard title="Failed to load transcripts" message={message} />;
}

export function TranscriptListEmpty() {
  return (
    <EmptyNoticeCard icon={Inbox} title="No transcripts found" hint="Try adjusting your date range or fetch transcripts to see data" />
  );
}
