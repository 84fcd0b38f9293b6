"use client";
// Administrators: how long transcripts are kept: for ever, or a number of days after
// which the daily clean-up deletes them with their ratings and notes. Saved with the other
// privacy settings (the whole settings are replaced at once).
import { useId, useState } from "react";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { useSavePrivacySettings } from "@/lib/queries/privacy";
import { RETENTION_DAYS_MAX, type PrivacySettings } from "@/lib/schemas/privacy";

/** The days typed, or the reason they cannot be saved. */
export function readRetentionDays(text: string): { days: number } | { problem: string } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { problem: `Enter a whole number of days from 1 to ${RETENTION_DAYS_MAX}` };
  const days = Number(trimmed);
  if (days < 1 || days > RETENTION_DAYS_MAX) return { problem: `Enter a whole number of days from 1 to ${RETENTION_DAYS_MAX}` };
  return { days };
}

const RADIO_CLASS = "size-4 shrink-0 accent-indigo-600";

export function RetentionSettings({ settings }: { settings: PrivacySettings }) {
  const save = useSavePrivacySettings();
  const errorId = useId();
  const [limited, setLimited] = useState(settings.retentionDays !== null);
  const [daysText, setDaysText] = useState(String(settings.retentionDays ?? 365));
  const [error, setError] = useState<string | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Retention</CardTitle>
        <CardDescription>
          With a limit, transcripts older than the number of days are deleted once a day, together with their ratings and notes. Deleted
          transcripts cannot be restored.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            let retentionDays: number | null = null;
            if (limited) {
              const read = readRetentionDays(daysText);
              if ("problem" in read) {
                setError(read.problem);
                return;
              }
              retentionDays = read.days;
            }
            setError(null);
            save.mutate(
              { ...settings, retentionDays },
              {
                onSuccess: () => toast({ title: "Retention saved", variant: "success" }),
                onError: (failure) => setError(failure.message),
              },
            );
          }}
        >
          <fieldset className="space-y-3">
            <legend className="sr-only">How long to keep transcripts</legend>
            <label className="flex items-center gap-2.5 text-sm text-slate-800">
              <input type="radio" name="retention" className={RADIO_CLASS} checked={!limited} onChange={() => setLimited(false)} />
              Off: keep transcripts until they are erased
            </label>
            <div className="flex flex-wrap items-center gap-x-2.5 gap-y-2 text-sm text-slate-800">
              <label className="flex items-center gap-2.5">
                <input type="radio" name="retention" className={RADIO_CLASS} checked={limited} onChange={() => setLimited(true)} />
                Keep transcripts for
              </label>
              <div className="flex items-center gap-2.5">
                <div className="w-28">
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={RETENTION_DAYS_MAX}
                    step={1}
                    aria-label="Days to keep transcripts"
                    aria-invalid={error !== null && limited ? true : undefined}
                    aria-describedby={error ? errorId : undefined}
                    value={daysText}
                    disabled={!limited}
                    onChange={(event) => setDaysText(event.target.value)}
                  />
                </div>
                <span>days</span>
              </div>
            </div>
          </fieldset>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button type="submit" disabled={save.isPending} className="self-start">
              {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Save retention
            </Button>
            <p id={errorId} role="alert" className="text-sm text-red-700 empty:hidden">
              {error}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
