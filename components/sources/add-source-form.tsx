"use client";
// Adds a bot platform project as a source. The API key goes to the server once and is never shown again.
import { useState, type FormEvent } from "react";
import { Plus } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Input, inputClasses } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { toast } from "@/components/ui/toast-store";
import { useCreateSource } from "@/lib/queries/sources";
import { errorMessage } from "@/lib/client/api-error";
import { SOURCE_KIND_LABELS } from "@/lib/format/sync-run";
import { createSourceSchema, SOURCE_KINDS, type SourceKind } from "@/lib/schemas/sources";

const EMPTY = { name: "", kind: "voiceflow-v1" as SourceKind, projectId: "", apiKey: "", environmentId: "", baseUrl: "", startDate: "" };

export function AddSourceForm() {
  const createSource = useCreateSource();
  const [form, setForm] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createSourceSchema.safeParse({ ...form, startDate: form.startDate || undefined });
    if (!parsed.success) {
      toast({ title: "Source not added", description: parsed.error.issues[0]?.message ?? "Check the fields", variant: "destructive" });
      return;
    }
    createSource.mutate(
      { ...form, startDate: form.startDate || undefined },
      {
        onSuccess: (source) => {
          setForm(EMPTY);
          toast({ title: "Source added", description: `${source.name} is ready: test the connection or sync now`, variant: "success" });
        },
        onError: (error) =>
          toast({ title: "Source not added", description: errorMessage(error, "An unexpected error occurred"), variant: "destructive" }),
      },
    );
  };

  return (
    <Card className="p-5">
      <h2 className="mb-4 text-base font-semibold text-slate-900">Add a Voiceflow project</h2>
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Add a Voiceflow project">
        <Field id="source-name" label="Name">
          <Input id="source-name" value={form.name} onChange={set("name")} placeholder="e.g. Support bot" maxLength={100} required />
        </Field>
        <Field id="source-kind" label="API" hint="The Transcripts API holds transcripts since July 2025; the legacy API the older ones.">
          <select id="source-kind" className={inputClasses} value={form.kind} onChange={set("kind")} aria-describedby="source-kind-hint">
            {SOURCE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {SOURCE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="source-project" label="Project ID">
          <Input id="source-project" value={form.projectId} onChange={set("projectId")} placeholder="24-character project ID" required />
        </Field>
        <Field id="source-key" label="API key" hint="Stored encrypted; never shown again.">
          <Input
            id="source-key"
            type="password"
            autoComplete="off"
            value={form.apiKey}
            onChange={set("apiKey")}
            placeholder="VF.DM.…"
            required
            aria-describedby="source-key-hint"
          />
        </Field>
        <Field id="source-environment" label="Environment ID (optional)">
          <Input id="source-environment" value={form.environmentId} onChange={set("environmentId")} placeholder="All environments" />
        </Field>
        <Field id="source-start" label="Start from (optional)" hint="Transcripts created from this day on; 30 days back when empty.">
          <Input id="source-start" type="date" value={form.startDate} onChange={set("startDate")} aria-describedby="source-start-hint" />
        </Field>
        <Field
          id="source-base-url"
          label="Base URL (optional)"
          hint="Only for a regional or self-hosted endpoint; the platform's public host when empty."
        >
          <Input
            id="source-base-url"
            value={form.baseUrl}
            onChange={set("baseUrl")}
            placeholder="https://analytics-api.voiceflow.com"
            aria-describedby="source-base-url-hint"
          />
        </Field>
        <div className="flex items-end justify-end">
          <Button type="submit" disabled={createSource.isPending}>
            <Plus aria-hidden /> {createSource.isPending ? "Adding..." : "Add source"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
