// Transcript page: Transcript ID, Session ID, Created, Updated and Total Messages;
// under them, when known, the source that brought the transcript.
import { Card, CardContent } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format/date-time";
import { turnsLabel } from "@/lib/format/transcript-labels";
import { TranscriptOrigin } from "./transcript-origin";

export function TranscriptFields({
  id,
  sessionId,
  createdAt,
  updatedAt,
  messageCount,
  origin,
}: {
  id: string;
  sessionId: string;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  /** The way in that stored it (a source's id, "ingest", "import"), when known. */
  origin?: string;
}) {
  const fields: { label: string; value: string; mono?: boolean }[] = [
    { label: "Transcript ID", value: id, mono: true },
    { label: "Session ID", value: sessionId, mono: true },
    { label: "Created", value: formatDateTime(createdAt) },
    { label: "Updated", value: formatDateTime(updatedAt) },
    { label: "Total Messages", value: turnsLabel(messageCount) },
  ];
  return (
    <Card>
      <CardContent className="pt-6">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {fields.map((field) => (
            <div key={field.label} className="min-w-0">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{field.label}</dt>
              <dd className={field.mono ? "mt-1 break-all font-mono text-sm text-slate-900" : "mt-1 text-sm text-slate-900"}>
                {field.value}
              </dd>
            </div>
          ))}
        </dl>
        {origin ? (
          <p className="mt-4 text-sm text-slate-600" data-testid="transcript-origin">
            Source: <TranscriptOrigin origin={origin} />
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
