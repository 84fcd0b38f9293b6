"use client";
// The fields of a source, shared by the add form and the edit dialog. The API key is write-only:
// adding asks for it; editing shows that one is set and replaces it only when something is typed.
import { Input, inputClasses } from "@/components/ui/input";
import { Field } from "@/components/ui/field";
import { SOURCE_KIND_LABELS } from "@/lib/format/sync-run";
import { SOURCE_KINDS } from "@/lib/schemas/sources";
import type { SourceEditValues } from "@/lib/format/source-changes";

export type SourceFormValues = Omit<SourceEditValues, "paused">;

export const EMPTY_SOURCE_FORM: SourceFormValues = {
  name: "",
  kind: "voiceflow-v1",
  projectId: "",
  apiKey: "",
  environmentId: "",
  baseUrl: "",
  startDate: "",
};

export function SourceFields<V extends SourceFormValues>({
  idPrefix,
  values,
  onChange,
  isEditing = false,
  apiKeyNeeded = false,
}: {
  idPrefix: string;
  values: V;
  onChange: (values: V) => void;
  /** Editing a source: a key is stored already, and an empty key or start date keeps it. */
  isEditing?: boolean;
  /** Editing: the base URL points elsewhere, so the key must be entered again. */
  apiKeyNeeded?: boolean;
}) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const set = (field: keyof SourceFormValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [field]: event.target.value });
  const keyHint = !isEditing
    ? "Stored encrypted; never shown again."
    : apiKeyNeeded
      ? "The base URL points to a new address: enter the API key again to send it there."
      : "Set. Type a new key to replace it; leave empty to keep it.";
  return (
    <>
      <Field id={id("name")} label="Name">
        <Input id={id("name")} value={values.name} onChange={set("name")} placeholder="e.g. Support bot" maxLength={100} required />
      </Field>
      <Field id={id("kind")} label="API" hint="The Transcripts API holds transcripts since July 2025; the legacy API the older ones.">
        <select id={id("kind")} className={inputClasses} value={values.kind} onChange={set("kind")} aria-describedby={`${id("kind")}-hint`}>
          {SOURCE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {SOURCE_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id("project")} label="Project ID">
        <Input id={id("project")} value={values.projectId} onChange={set("projectId")} placeholder="24-character project ID" required />
      </Field>
      <Field id={id("key")} label="API key" hint={keyHint}>
        <Input
          id={id("key")}
          type="password"
          autoComplete="off"
          value={values.apiKey}
          onChange={set("apiKey")}
          placeholder={isEditing ? "Set (unchanged)" : "VF.DM.…"}
          required={!isEditing || apiKeyNeeded}
          aria-invalid={apiKeyNeeded && values.apiKey === "" ? true : undefined}
          aria-describedby={`${id("key")}-hint`}
        />
      </Field>
      <Field id={id("environment")} label="Environment ID (optional)">
        <Input id={id("environment")} value={values.environmentId} onChange={set("environmentId")} placeholder="All environments" />
      </Field>
      <Field
        id={id("start")}
        label={isEditing ? "Start from" : "Start from (optional)"}
        hint={isEditing ? "Transcripts created from this day on." : "Transcripts created from this day on; 30 days back when empty."}
      >
        <Input id={id("start")} type="date" value={values.startDate} onChange={set("startDate")} aria-describedby={`${id("start")}-hint`} />
      </Field>
      <Field
        id={id("base-url")}
        label="Base URL (optional)"
        hint="Only for a regional or self-hosted endpoint; the platform's public host when empty."
      >
        <Input
          id={id("base-url")}
          value={values.baseUrl}
          onChange={set("baseUrl")}
          placeholder="https://analytics-api.voiceflow.com"
          aria-describedby={`${id("base-url")}-hint`}
        />
      </Field>
    </>
  );
}
