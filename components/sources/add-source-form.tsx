"use client";
// Adds a bot platform project as a source. The API key goes to the server once and is never shown again.
import { useState, type FormEvent } from "react";
import { Plus } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { useCreateSource } from "@/lib/queries/sources";
import { errorMessage } from "@/lib/client/api-error";
import { createSourceSchema } from "@/lib/schemas/sources";
import { EMPTY_SOURCE_FORM, SourceFields } from "./source-fields";

export function AddSourceForm() {
  const createSource = useCreateSource();
  const [form, setForm] = useState(EMPTY_SOURCE_FORM);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...form, startDate: form.startDate || undefined };
    const parsed = createSourceSchema.safeParse(input);
    if (!parsed.success) {
      toast({ title: "Source not added", description: parsed.error.issues[0]?.message ?? "Check the fields", variant: "destructive" });
      return;
    }
    createSource.mutate(input, {
      onSuccess: (source) => {
        setForm(EMPTY_SOURCE_FORM);
        toast({ title: "Source added", description: `${source.name} is ready: test the connection or sync now`, variant: "success" });
      },
      onError: (error) =>
        toast({ title: "Source not added", description: errorMessage(error, "An unexpected error occurred"), variant: "destructive" }),
    });
  };

  return (
    <Card className="p-5">
      <h2 className="mb-4 text-base font-semibold text-slate-900">Add a Voiceflow project</h2>
      <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Add a Voiceflow project">
        <SourceFields idPrefix="source" values={form} onChange={setForm} />
        <div className="flex items-end justify-end">
          <Button type="submit" disabled={createSource.isPending}>
            <Plus aria-hidden /> {createSource.isPending ? "Adding..." : "Add source"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
