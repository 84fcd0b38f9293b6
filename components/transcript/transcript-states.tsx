// Spec sections 2 and 8 (Transcript page): loading, not found, failed and empty.
import { CircleAlert, FileQuestion, MessagesSquare } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

export const TRANSCRIPT_UNEXPECTED_ERROR = "An unexpected error occurred";

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
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-center gap-2 pt-6 text-center">
        <FileQuestion className="size-10 text-slate-400" aria-hidden />
        <h2 className="font-semibold text-slate-800">Transcript not found</h2>
      </CardContent>
    </Card>
  );
}

export function TranscriptLoadError({ message }: { message: string | undefined }) {
  return (
    <Card role="alert" className="border-red-200">
      <CardContent className="flex items-start gap-3 pt-6">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
        <div>
          <h2 className="font-semibold text-red-800">Failed to load transcript</h2>
          <p className="mt-1 text-sm text-red-700">{message?.trim() || TRANSCRIPT_UNEXPECTED_ERROR}</p>
        </div>
      </CardContent>
    </Card>
  );
}

export function NoMessages() {
  return (
    <div className="flex flex-col items-center gap-2 py-10 text-center">
      <MessagesSquare className="size-10 text-slate-400" aria-hidden />
      <p className="text-sm text-slate-600">No conversation messages available</p>
    </div>
  );
}
