"use client";
// Administrators: the phrase lists that mark fallbacks and handoffs, one phrase a line, the
// platform rules' switches, and the recompute of every stored transcript's signals by them, with a progress bar.
import { useState } from "react";
import { LoaderCircle, RefreshCw } from "lucide-react";
import { BackToAdminPanel } from "@/components/admin/back-to-admin-panel";
import { PageTitle } from "@/components/layout/page-title";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast-store";
import { useInsightSettings, useJob, useSaveInsightSettings, useStartRecompute } from "@/lib/queries/insight-settings";
import { INSIGHT_PHRASES_MAX_COUNT, PLATFORM_RULES, type InsightSettings, type PlatformRule } from "@/lib/schemas/insights";
import { isJobUnderWay } from "@/lib/schemas/sources";

/** The lines of a text box, trimmed, blank ones dropped. */
export function phraseLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
}

function PhraseField({
  id,
  label,
  help,
  value,
  onChange,
}: {
  id: string;
  label: string;
  help: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <p id={`${id}-help`} className="text-sm text-slate-600">
        {help}
      </p>
      <Textarea
        id={id}
        aria-describedby={`${id}-help`}
        rows={8}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
      />
      <p className="text-xs text-slate-500">
        {phraseLines(value).length} of at most {INSIGHT_PHRASES_MAX_COUNT} phrases
      </p>
    </div>
  );
}

function PhraseLists({ settings }: { settings: InsightSettings }) {
  const save = useSaveInsightSettings();
  const [fallback, setFallback] = useState(settings.fallbackPhrases.join("\n"));
  const [handoff, setHandoff] = useState(settings.handoffPhrases.join("\n"));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Phrases</CardTitle>
        <CardDescription>
          Matched without regard to case, accents or punctuation. New transcripts use the lists as soon as they are saved; recompute to
          apply them to stored ones.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(
              { fallbackPhrases: phraseLines(fallback), handoffPhrases: phraseLines(handoff), platformRules: settings.platformRules },
              {
                onSuccess: () => toast({ title: "Insight settings saved", variant: "success" }),
                onError: (error) => toast({ title: "Insight settings not saved", description: error.message, variant: "destructive" }),
              },
            );
          }}
        >
          <div className="grid gap-5 md:grid-cols-2">
            <PhraseField
              id="fallback-phrases"
              label="Fallback phrases"
              help="In a bot answer, one of these means the bot did not understand."
              value={fallback}
              onChange={setFallback}
            />
            <PhraseField
              id="handoff-phrases"
              label="Handoff phrases"
              help="In a user message, one of these asks for a human."
              value={handoff}
              onChange={setHandoff}
            />
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
            Save phrases
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** What each platform rule reads, as its switch's label. */
export const PLATFORM_RULE_LABEL: Record<PlatformRule, string> = {
  noMatchPath: "A no-match path after a user message is a fallback",
  noMatchDebug: "A debug trace saying nothing matched is a fallback",
  sameReprompt: "The same bot answer to two different messages is a fallback",
  handoffAction: "A custom action named for a human (talk_to_agent, handoff) is a handoff",
  handoffIntent: "A message matched to a handoff intent is a handoff",
};

/** The platform rules, each with a switch that saves at once (audited, like the phrases). */
function PlatformRules({ settings }: { settings: InsightSettings }) {
  const save = useSaveInsightSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Platform rules</CardTitle>
        <CardDescription>
          What the bot platform records itself. A request matched to the intent None is never a fallback by itself. Recompute to apply a
          change to stored transcripts.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {PLATFORM_RULES.map((rule) => (
            <li key={rule}>
              <label className="flex items-center gap-3 text-sm text-slate-800">
                <Switch
                  checked={settings.platformRules[rule]}
                  disabled={save.isPending}
                  onChange={(event) =>
                    save.mutate(
                      { ...settings, platformRules: { ...settings.platformRules, [rule]: event.target.checked } },
                      {
                        onSuccess: () => toast({ title: "Insight settings saved", variant: "success" }),
                        onError: (error) =>
                          toast({ title: "Insight settings not saved", description: error.message, variant: "destructive" }),
                      },
                    )
                  }
                />
                {PLATFORM_RULE_LABEL[rule]}
              </label>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function Recompute() {
  const start = useStartRecompute();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId);
  const status = job.data?.status;
  const running = start.isPending || isJobUnderWay(job.data);
  const total = job.data?.total ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round(((job.data?.done ?? 0) / total) * 100)) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Recompute signals</CardTitle>
        <CardDescription>Derives the signals and question groups of every stored transcript again, by the phrases above.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button
          variant="outline"
          disabled={running}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: ({ jobId: started }) => setJobId(started),
              onError: (error) => toast({ title: "Recompute not started", description: error.message, variant: "destructive" }),
            })
          }
        >
          <RefreshCw className={running ? "animate-spin" : undefined} aria-hidden />
          Recompute all transcripts
        </Button>
        {job.data ? (
          <div>
            <ProgressBar label="Recompute of the signals" percent={percent} />
            <p className="mt-1 text-sm text-slate-600" aria-live="polite" data-testid="recompute-progress">
              {status === "succeeded"
                ? `Done: ${job.data.done.toLocaleString("en-US")} transcripts recomputed.`
                : status === "failed"
                  ? `Stopped: ${job.data.error ?? "the recompute failed"}.`
                  : `${job.data.done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} transcripts`}
            </p>
          </div>
        ) : null}
        {job.isError ? <p className="text-sm text-red-600">{job.error.message}</p> : null}
      </CardContent>
    </Card>
  );
}

export function InsightSettingsAdmin() {
  const settings = useInsightSettings();
  return (
    <div className="space-y-6">
      <PageTitle
        title="Insights"
        subtitle="The phrases that mark where the bot fails and when people ask for a human"
        actions={<BackToAdminPanel />}
      />
      {settings.isError ? (
        <p className="text-sm text-red-600">{settings.error.message}</p>
      ) : settings.data ? (
        // Saved lists come back normalised (duplicates dropped): the form starts again from them.
        <>
          <PhraseLists key={JSON.stringify(settings.data)} settings={settings.data} />
          <PlatformRules settings={settings.data} />
        </>
      ) : (
        <Skeleton className="h-80 rounded-xl" />
      )}
      <Recompute />
    </div>
  );
}
