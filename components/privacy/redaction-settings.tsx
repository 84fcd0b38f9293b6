"use client";
// Administrators: which built-in kinds are redacted at ingest, and the administrators'
// own patterns, each replaced by its placeholder. The server judges the patterns (by the engine that
// runs them); its message shows beside the form, on the row it names.
import { useId, useState } from "react";
import { LoaderCircle, Plus, Trash2 } from "lucide-react";
import clsx from "clsx";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast-store";
import { BUILT_IN_KINDS, BUILT_IN_PLACEHOLDER_NAMES, placeholder, type BuiltInKind } from "@/lib/privacy/placeholders";
import { useSavePrivacySettings } from "@/lib/queries/privacy";
import { MAX_CUSTOM_PATTERNS, type PrivacySettings } from "@/lib/schemas/privacy";

const KINDS: Record<BuiltInKind, { label: string; help: string }> = {
  email: { label: "E-mail addresses", help: "Addresses such as jane.doe@example.com." },
  phone: { label: "Phone numbers", help: "International and national numbers, such as +44 20 7946 0958 or 020 7946 0958." },
  card: { label: "Payment card numbers", help: "13 to 19 digits that pass the card check digit, with or without spaces." },
  iban: { label: "IBANs", help: "Bank account numbers with a valid IBAN check, compact or in groups of four." },
  ip: { label: "IP addresses", help: "IPv4 and IPv6 addresses, such as 192.0.2.1." },
};

export interface PatternRow {
  key: number;
  name: string;
  pattern: string;
}

/** The rows to save: those not left blank, names trimmed (the server upper-cases them). */
export function patternsToSave(rows: readonly PatternRow[]): PatternRow[] {
  return rows.filter((row) => row.name.trim() !== "" || row.pattern !== "").map((row) => ({ ...row, name: row.name.trim() }));
}

/**
 * The row a save's error message names, by its place in the list sent ('Pattern 3: ...', counted
 * from 1) or by its name ('... must be unique: SLOW appears twice'); null if none.
 */
export function customPatternErrorRow(message: string, sent: readonly PatternRow[]): number | null {
  const byPlace = /^Pattern (\d+):/.exec(message);
  if (byPlace) return sent[Number(byPlace[1]) - 1]?.key ?? null;
  const byName = /must be unique: ([A-Za-z0-9_]+) appears twice/.exec(message);
  if (!byName) return null;
  const named = sent.filter((row) => row.name.toUpperCase() === byName[1].toUpperCase());
  return named.at(-1)?.key ?? null;
}

const PLACEHOLDER_CLASS = "rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 ring-1 ring-inset ring-slate-200";

function KindSwitch({ kind, checked, onChange }: { kind: BuiltInKind; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = `redact-${kind}`;
  return (
    <li className="flex items-start gap-3 py-3">
      <Switch
        id={id}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-placeholder ${id}-help`}
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Label htmlFor={id}>{KINDS[kind].label}</Label>
          <code id={`${id}-placeholder`} className={PLACEHOLDER_CLASS}>
            {placeholder(BUILT_IN_PLACEHOLDER_NAMES[kind])}
          </code>
        </div>
        <p id={`${id}-help`} className="mt-0.5 text-sm text-slate-600">
          {KINDS[kind].help}
        </p>
      </div>
    </li>
  );
}

function PatternFields({
  row,
  number,
  invalid,
  errorId,
  onChange,
  onRemove,
}: {
  row: PatternRow;
  number: number;
  invalid: boolean;
  errorId: string;
  onChange: (row: PatternRow) => void;
  onRemove: () => void;
}) {
  const id = `custom-pattern-${row.key}`;
  const name = row.name.trim();
  const described = invalid ? errorId : undefined;
  return (
    <fieldset
      className={clsx(
        "grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3 rounded-lg border p-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto]",
        invalid ? "border-red-300 bg-red-50/40" : "border-slate-200",
      )}
      data-testid="custom-pattern"
    >
      <legend className="sr-only">Custom pattern {number}</legend>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          value={row.name}
          onChange={(event) => onChange({ ...row, name: event.target.value })}
          placeholder="ORDER_ID"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          aria-invalid={invalid || undefined}
          aria-describedby={clsx(`${id}-placeholder`, described)}
        />
        <p id={`${id}-placeholder`} className="text-xs text-slate-500">
          {/^[A-Za-z][A-Za-z0-9_]*$/.test(name) ? (
            <>
              Replaced by <code className="font-mono">{placeholder(name)}</code>
            </>
          ) : (
            "Letters, digits and _, starting with a letter"
          )}
        </p>
      </div>
      <div className="col-span-2 space-y-1.5 sm:col-span-1">
        <Label htmlFor={`${id}-pattern`}>Regular expression</Label>
        <Input
          id={`${id}-pattern`}
          value={row.pattern}
          onChange={(event) => onChange({ ...row, pattern: event.target.value })}
          placeholder="ORD-\d{6}"
          className="font-mono"
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          aria-invalid={invalid || undefined}
          aria-describedby={described}
        />
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="col-start-2 row-start-1 mt-7 text-slate-600 hover:text-red-700 sm:col-start-3"
        onClick={onRemove}
        aria-label={`Remove custom pattern ${number}${name ? ` ${name}` : ""}`}
      >
        <Trash2 aria-hidden />
      </Button>
    </fieldset>
  );
}

export function RedactionSettings({ settings }: { settings: PrivacySettings }) {
  const save = useSavePrivacySettings();
  const errorId = useId();
  const [redact, setRedact] = useState(settings.redact);
  const [rows, setRows] = useState<PatternRow[]>(() => settings.customPatterns.map((pattern, key) => ({ key, ...pattern })));
  const [nextKey, setNextKey] = useState(settings.customPatterns.length);
  const [error, setError] = useState<{ message: string; row: number | null } | null>(null);

  const addRow = () => {
    setRows([...rows, { key: nextKey, name: "", pattern: "" }]);
    setNextKey(nextKey + 1);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Redaction</CardTitle>
        <CardDescription>
          Redaction applies at ingest: new transcripts are stored with these values replaced by their placeholder. Transcripts already
          stored keep their text until you apply redaction to stored transcripts below. Turning a kind off keeps that kind&apos;s values in
          new transcripts as written. A redacted value is gone for good: no hidden copy is ever kept.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-6"
          aria-describedby={error ? errorId : undefined}
          onSubmit={(event) => {
            event.preventDefault();
            const sent = patternsToSave(rows);
            setError(null);
            save.mutate(
              {
                redact,
                customPatterns: sent.map(({ name, pattern }) => ({ name, pattern })),
                retentionDays: settings.retentionDays,
              },
              {
                onSuccess: () => toast({ title: "Redaction settings saved", variant: "success" }),
                onError: (failure) => setError({ message: failure.message, row: customPatternErrorRow(failure.message, sent) }),
              },
            );
          }}
        >
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Built-in kinds</legend>
            <ul className="mt-1 divide-y divide-slate-100">
              {BUILT_IN_KINDS.map((kind) => (
                <KindSwitch
                  key={kind}
                  kind={kind}
                  checked={redact[kind]}
                  onChange={(checked) => setRedact({ ...redact, [kind]: checked })}
                />
              ))}
            </ul>
          </fieldset>

          <section aria-labelledby="custom-patterns-title" className="space-y-3">
            <div>
              <h3 id="custom-patterns-title" className="text-sm font-semibold text-slate-900">
                Custom patterns
              </h3>
              <p className="mt-0.5 text-sm text-slate-600">
                Your own regular expressions, such as order or customer numbers, each replaced by its name in brackets. They run in time
                proportional to the text, so look-ahead, look-behind and back-references are not available.
              </p>
            </div>
            {rows.length === 0 ? <p className="text-sm text-slate-500">No custom patterns.</p> : null}
            {rows.map((row, index) => (
              <PatternFields
                key={row.key}
                row={row}
                number={index + 1}
                invalid={error?.row === row.key}
                errorId={errorId}
                onChange={(changed) => setRows(rows.map((candidate) => (candidate.key === row.key ? changed : candidate)))}
                onRemove={() => {
                  setRows(rows.filter((candidate) => candidate.key !== row.key));
                  // The refusal was about this row, or about the list as it was.
                  if (error && (error.row === row.key || error.row === null)) setError(null);
                }}
              />
            ))}
            <Button variant="outline" size="sm" onClick={addRow} disabled={rows.length >= MAX_CUSTOM_PATTERNS}>
              <Plus aria-hidden />
              Add pattern
            </Button>
            {rows.length >= MAX_CUSTOM_PATTERNS ? (
              <p className="text-xs text-slate-500">At most {MAX_CUSTOM_PATTERNS} custom patterns.</p>
            ) : null}
          </section>

          <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
            <Button type="submit" disabled={save.isPending} className="self-start">
              {save.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              Save redaction settings
            </Button>
            <p id={errorId} role="alert" className="text-sm text-red-700 empty:hidden" data-testid="redaction-error">
              {error?.message}
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
