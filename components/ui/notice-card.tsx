// A card that stands in for content: an error with its message, or an empty state with a hint.
import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { CircleAlert } from "lucide-react";
import { Card, CardContent } from "./card";

/** Shown when an error carries no text of its own. */
export const UNEXPECTED_ERROR = "An unexpected error occurred";

export function ErrorNoticeCard({ title, message }: { title: string; message: string | null | undefined }) {
  return (
    <Card role="alert" className="border-red-200">
      <CardContent className="flex items-start gap-3 pt-6">
        <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden />
        <div>
          <h2 className="font-semibold text-red-800">{title}</h2>
          <p className="mt-1 text-sm text-red-700">{message?.trim() || UNEXPECTED_ERROR}</p>
        </div>
      </CardContent>
    </Card>
  );
}

export function EmptyNoticeCard({
  icon: Icon,
  title,
  hint,
  role,
}: {
  icon: LucideIcon;
  title: string;
  hint?: ReactNode;
  role?: "alert" | "status";
}) {
  return (
    <Card role={role}>
      <CardContent className="flex flex-col items-center gap-2 pt-6 text-center">
        <Icon className="size-10 text-slate-400" aria-hidden />
        <h2 className="font-semibold text-slate-800">{title}</h2>
        {hint ? <p className="text-sm text-slate-600">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}
