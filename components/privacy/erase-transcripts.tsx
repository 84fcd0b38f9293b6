"use client";
// Administrators: erasure on request. Transcripts are chosen by their IDs, their session
// ID, an e-mail address or phone number their texts contain, or a person's address or number (found
// by its keyed hash after redaction too); the server counts them (preview),
// and the erasure is confirmed with that count: when the count changed in between, the new one is
// shown and asked about again. A large erasure goes on in the background, followed with a progress bar.
import { useId, useState } from "react";
import { CircleCheck, LoaderCircle, Search, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast-store";
import { erasureProgressText, transcriptCount } from "@/lib/format/privacy";
import { ErasureCountChangedError, useEraseTranscripts, useErasurePreview, useTranscriptsJob } from "@/lib/queries/privacy";
import { ERASE_REASON_MAX_LENGTH, MAX_ERASE_IDS, type ErasureTarget } from "@/lib/schemas/privacy";
import { isJobUnderWay } from "@/lib/schemas/sources";
import { JobProgress } from "./job-progress";

export type EraseBy = "ids" | "sessionId" | "contains" | "person";

const CHOICES: { value: EraseBy; label: string }[] = [
  { value: "ids", label: "Transcript IDs" },
  { value: "sessionId", label: "Session ID" },
  { value: "contains", label: "Containing an e-mail address or phone number" },
  { value: "person", label: "A person's e-mail address or phone number" },
];
const NO_VALUES: Record<EraseBy, string> = { ids: "", sessionId: "", contains: "", person: "" };

/** Transcript IDs typed one a line or separated by commas (or spaces), in order, each once. */
export function transcriptIdList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter(Boolean))];
}

/** What the form chooses, or the reason it chooses nothing yet. */
export function erasureTarget(by: EraseBy, values: Record<EraseBy, string>): { target: ErasureTarget } | { problem: string } {
  if (by === "ids") {
    const ids = transcriptIdList(values.ids);
    if (ids.length === 0) return { problem: "Enter at least one transcript ID" };
    if (ids.length > MAX_ERASE_IDS) return { problem: `Enter at most ${MAX_ERASE_IDS.toLocaleString("en-US")} transcript IDs at a time` };
    return { target: { ids } };
  }
  const value = values[by].trim();
  if (by === "sessionId") return value ? { target: { sessionId: value } } : { problem: "Enter a session ID" };
  if (!value) return { problem: "Enter an e-mail address or a phone number" };
  if (by === "contains") return { target: { contains: value } };
  return { target: value.includes("@") ? { email: value } : { phone: value } };
}

/** The preview as the administrator saw it: the count belongs to exactly this target. */
interface Previewed {
  target: ErasureTarget;
  count: number;
  /** The count changed between the preview and the erasure: ask again with the new one. */
  changedFrom: number | null;
}

export function EraseTranscripts() {
  const preview = useErasurePreview();
  const erase = useEraseTranscripts();
  const errorId = useId();
  const [by, setBy] = useState<EraseBy>("ids");
  const [values, setValues] = useState<Record<EraseBy, string>>(NO_VALUES);
  const [reason, setReason] = useState("");
  const [problems, setProblems] = useState<{ target?: string; reason?: string; server?: string }>({});
  const [previewed, setPreviewed] = useState<Previewed | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState<number | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useTranscriptsJob(jobId);

  // Any change makes the count shown stale.
  const edit = (change: () => void) => {
    change();
    setPreviewed(null);
    setDeleted(null);
    setJobId(null);
    setProblems({});
  };

  const runErase = () => {
    if (!previewed) return;
    erase.mutate(
      { ...previewed.target, reason: reason.trim(), expectedCount: previewed.count },
      {
        onSuccess: (result) => {
          setPreviewed(null);
          setValues(NO_VALUES);
          setReason("");
          if ("jobId" in result) {
            setJobId(result.jobId);
            toast({ title: `Erasing ${transcriptCount(result.total)} in the background` });
          } else {
            setDeleted(result.deleted);
            toast({ title: `Deleted ${transcriptCount(result.deleted)}`, variant: "success" });
          }
        },
        onError: (error) => {
          if (error instanceof ErasureCountChangedError) {
            setPreviewed({ target: previewed.target, count: error.count, changedFrom: previewed.count });
            if (error.count > 0) setConfirming(true);
          } else {
            setProblems({ server: error.message });
          }
        },
      },
    );
  };

  const erasing = isJobUnderWay(job.data);
  const busy = preview.isPending || erase.isPending || erasing;
  const choiceId = `erase-${by}`;
  const targetHint =
    by === "ids"
      ? "One per line, or separated by commas."
      : by === "contains"
        ? "Transcripts whose messages contain this address or number, in any written form of it."
        : by === "person"
          ? "Every transcript that held this address or number when it was received, also where redaction has replaced it."
          : "Every transcript of this session.";

  return (
    <Card>
      <CardHeader>
        <CardTitle>Erase transcripts</CardTitle>
        <CardDescription>
          Deletes transcripts for good, with their ratings and notes, for example when someone asks for their data to be erased. You see how
          many will be deleted before anything is.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="max-w-2xl space-y-5"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const chosen = erasureTarget(by, values);
            const next = {
              target: "problem" in chosen ? chosen.problem : undefined,
              reason: reason.trim() ? undefined : "A reason is required",
            };
            setProblems(next);
            setDeleted(null);
            if ("problem" in chosen || next.reason) return;
            preview.mutate(chosen.target, {
              onSuccess: ({ count }) => setPreviewed({ target: chosen.target, count, changedFrom: null }),
              onError: (error) => setProblems({ server: error.message }),
            });
          }}
        >
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Choose transcripts by</legend>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-5">
              {CHOICES.map((choice) => (
                <label key={choice.value} className="flex items-start gap-2.5 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="erase-by"
                    value={choice.value}
                    className="mt-0.5 size-4 shrink-0 accent-indigo-600"
                    checked={by === choice.value}
                    onChange={() => edit(() => setBy(choice.value))}
                  />
                  {choice.label}
                </label>
              ))}
            </div>
          </fieldset>

          <Field
            id={choiceId}
            label={by === "ids" ? "Transcript IDs" : by === "sessionId" ? "Session ID" : "E-mail address or phone number"}
            hint={targetHint}
          >
            {by === "ids" ? (
              <Textarea
                id={choiceId}
                rows={4}
                className="font-mono"
                spellCheck={false}
                value={values.ids}
                aria-describedby={`${choiceId}-hint${problems.target ? ` ${choiceId}-problem` : ""}`}
                aria-invalid={problems.target ? true : undefined}
                onChange={(event) => edit(() => setValues({ ...values, ids: event.target.value }))}
              />
            ) : (
              <Input
                id={choiceId}
                autoComplete="off"
                spellCheck={false}
                value={values[by]}
                aria-describedby={`${choiceId}-hint${problems.target ? ` ${choiceId}-problem` : ""}`}
                aria-invalid={problems.target ? true : undefined}
                onChange={(event) => edit(() => setValues({ ...values, [by]: event.target.value }))}
              />
            )}
          </Field>
          {problems.target ? (
            <p id={`${choiceId}-problem`} className="-mt-3 text-sm text-red-700">
              {problems.target}
            </p>
          ) : null}

          <Field id="erase-reason" label="Reason (required)" hint="Kept in the audit log with the erasure, e.g. the request's reference.">
            <Textarea
              id="erase-reason"
              rows={2}
              required
              maxLength={ERASE_REASON_MAX_LENGTH}
              value={reason}
              aria-describedby={`erase-reason-hint${problems.reason ? " erase-reason-problem" : ""}`}
              aria-invalid={problems.reason ? true : undefined}
              onChange={(event) => edit(() => setReason(event.target.value))}
            />
          </Field>
          {problems.reason ? (
            <p id="erase-reason-problem" className="-mt-3 text-sm text-red-700">
              {problems.reason}
            </p>
          ) : null}

          <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:flex-wrap sm:items-center">
            <Button type="submit" variant="outline" disabled={busy} className="self-start">
              {preview.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Search aria-hidden />}
              Preview
            </Button>
            {previewed && previewed.count > 0 ? (
              <Button variant="destructive" disabled={busy} onClick={() => setConfirming(true)} className="self-start">
                {erase.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
                Erase {transcriptCount(previewed.count)}
              </Button>
            ) : null}
          </div>

          <div aria-live="polite" className="empty:hidden">
            {previewed ? (
              <p className="text-sm font-medium text-slate-900" data-testid="erase-preview">
                {previewed.changedFrom !== null
                  ? `The number changed since the preview: ${transcriptCount(previewed.count)} now ${previewed.count === 1 ? "matches" : "match"} instead of ${previewed.changedFrom.toLocaleString("en-US")}. `
                  : null}
                {previewed.count === 0
                  ? "No transcripts match: nothing will be deleted."
                  : `${transcriptCount(previewed.count)} will be deleted.`}
              </p>
            ) : null}
            <JobProgress
              job={job}
              label="Erasure of transcripts"
              text={erasureProgressText}
              testIds={{ block: "erase-job", text: "erase-progress" }}
            />
            {deleted !== null ? (
              <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-800" data-testid="erase-result">
                <CircleCheck className="size-4 shrink-0" aria-hidden />
                Deleted {transcriptCount(deleted)}
              </p>
            ) : null}
          </div>
          {problems.server ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {problems.server}
            </p>
          ) : null}
        </form>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={previewed ? `Erase ${transcriptCount(previewed.count)}?` : "Erase transcripts?"}
        description={
          previewed
            ? `${previewed.changedFrom !== null ? `The number changed since the preview (it was ${previewed.changedFrom.toLocaleString("en-US")}). ` : ""}${transcriptCount(previewed.count)} and ${previewed.count === 1 ? "its" : "their"} ratings and notes will be deleted for good. This cannot be undone.`
            : ""
        }
        confirmLabel="Erase"
        onConfirm={runErase}
      />
    </Card>
  );
}
