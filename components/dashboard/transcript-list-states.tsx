// Spec section 2 (List states): the loading skeleton, the error card and the empty card.
import { CircleAlert, Inbox } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export const UNEXPECTED_ERROR = "An unexpected error occurred";

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
  return (
    <Card role="alert" className="border-red-200">
      <CardContent className="flex items-start gap-3 pt-6">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
        <div>
          <h2 className="font-semibold text-red-800">Failed to load transcripts</h2>
          <p className="mt-1 text-sm text-red-700">{message?.trim() || UNEXPECTED_ERROR}</p>
        </div>
      </CardContent>
    </Card>
  );
}

export function TranscriptListEmpty() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 pt-6 text-center">
        <Inbox className="size-10 text-slate-400" aria-hidden />
        <h2 className="font-semibold text-slate-800">No transcripts found</h2>
        <p className="text-sm text-slate-600">Try adjusting your date range or fetch transcripts to see data</p>
      </CardContent>
    </Card>
  );
}
