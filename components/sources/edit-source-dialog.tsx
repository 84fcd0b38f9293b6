"use client";
// Changes a source's settings in a dialog: only what changed is sent. The API key is write-only
// ("set"); a base URL on another address asks for it again before anything is sent. Mounted when
// opened, so that it starts from the source's current settings.
import { useState, type FormEvent } from "react";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { useUpdateSource } from "@/lib/queries/sources";
import { errorMessage } from "@/lib/client/api-error";
import { needsApiKeyAgain, sourceChanges, sourceEditValues } from "@/lib/format/source-changes";
import { API_KEY_FOR_NEW_ADDRESS, updateSourceSchema, type SourceDto } from "@/lib/schemas/sources";
import { SourceFields } from "./source-fields";

export function EditSourceDialog({
  source,
  open,
  onOpenChange,
}: {
  source: SourceDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const updateSource = useUpdateSource();
  const [values, setValues] = useState(() => sourceEditValues(source));
  const [problem, setProblem] = useState<string | null>(null);
  const keyNeeded = needsApiKeyAgain(source, values);

  const change = (next: typeof values) => {
    setValues(next);
    setProblem(null);
  };
  const changeOpen = (next: boolean) => {
    setProblem(null);
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes = sourceChanges(source, values);
    if (Object.keys(changes).length === 0) return changeOpen(false);
    if (keyNeeded) return setProblem(API_KEY_FOR_NEW_ADDRESS);
    const parsed = updateSourceSchema.safeParse(changes);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? "Check the fields");
    updateSource.mutate(
      { sourceId: source.id, input: changes },
      {
        onSuccess: (saved) => {
          toast({ title: "Source saved", description: saved.name, variant: "success" });
          changeOpen(false);
        },
        onError: (error) => setProblem(errorMessage(error, "An unexpected error occurred")),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={changeOpen}
      title={`Edit ${source.name}`}
      description="Changing the API, project, environment, base URL or start date reads the history again from the start date."
    >
      <form onSubmit={onSubmit} className="grid gap-4" aria-label={`Edit ${source.name}`} noValidate>
        <SourceFields idPrefix={`edit-${source.id}`} values={values} onChange={change} isEditing apiKeyNeeded={keyNeeded} />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={values.paused} onChange={(event) => change({ ...values, paused: event.target.checked })} />
          Paused (no scheduled syncs)
        </label>
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={updateSource.isPending}>
            {updateSource.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
