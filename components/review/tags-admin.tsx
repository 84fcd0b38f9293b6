"use client";
// Administrators: the review tags: create (name, colour), rename or recolour, delete.
// A rename or delete changes every transcript that carries the tag.
import { useState } from "react";
import { Trash2 } from "lucide-react";
import { BackToAdminPanel } from "@/components/admin/back-to-admin-panel";
import { PageTitle } from "@/components/layout/page-title";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { useTagMutations, useTags } from "@/lib/queries/review";
import { DEFAULT_TAG_COLOR, TAG_NAME_MAX_LENGTH, type TagItem } from "@/lib/schemas/review";
import { TagChip } from "./review-labels";

function failed(title: string) {
  return (error: Error) => toast({ title, description: error.message, variant: "destructive" });
}

export function TagsAdmin() {
  const tags = useTags();
  const { create } = useTagMutations();
  const [name, setName] = useState("");
  const [color, setColor] = useState(DEFAULT_TAG_COLOR);

  return (
    <div className="space-y-6">
      <PageTitle title="Tags" subtitle="The tags staff apply to transcripts while reviewing them" actions={<BackToAdminPanel />} />
      <Card>
        <CardHeader>
          <CardTitle>New tag</CardTitle>
        </CardHeader>
        <CardContent>
          <form
            className="flex flex-wrap items-end gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim()) return;
              create.mutate(
                { name: name.trim(), color },
                {
                  onSuccess: (tag) => {
                    setName("");
                    toast({ title: "Tag created", description: tag.name, variant: "success" });
                  },
                  onError: failed("Tag not created"),
                },
              );
            }}
          >
            <label className="flex min-w-[14rem] flex-1 flex-col gap-1 text-sm font-medium text-slate-700">
              Name
              <Input value={name} maxLength={TAG_NAME_MAX_LENGTH} onChange={(event) => setName(event.target.value)} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              Colour
              <input
                type="color"
                value={color}
                onChange={(event) => setColor(event.target.value)}
                className="h-10 w-16 rounded-md border border-slate-300"
              />
            </label>
            <Button type="submit" disabled={!name.trim() || create.isPending}>
              {create.isPending ? "Creating..." : "Create tag"}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Tags</CardTitle>
        </CardHeader>
        <CardContent>
          {tags.isPending ? (
            <div className="space-y-2" aria-label="Loading tags">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : tags.isError ? (
            <p role="alert" className="text-sm text-red-600">
              {tags.error.message}
            </p>
          ) : tags.data.length === 0 ? (
            <p className="text-sm text-slate-500">No tags yet. Create the first one above.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Tags">
              {tags.data.map((tag) => (
                <TagRow key={tag.id} tag={tag} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function TagRow({ tag }: { tag: TagItem }) {
  const { update, remove } = useTagMutations();
  const [name, setName] = useState(tag.name);
  const [color, setColor] = useState(tag.color);
  const [confirming, setConfirming] = useState(false);
  const changed = name.trim() !== tag.name || color !== tag.color;
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="tag-row">
      <TagChip tag={tag} />
      <form
        className="flex flex-1 flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!changed || !name.trim()) return;
          update.mutate(
            { id: tag.id, ...(name.trim() !== tag.name ? { name: name.trim() } : {}), ...(color !== tag.color ? { color } : {}) },
            { onError: failed("Tag not saved") },
          );
        }}
      >
        <Input
          aria-label={`Name of tag ${tag.name}`}
          value={name}
          maxLength={TAG_NAME_MAX_LENGTH}
          onChange={(event) => setName(event.target.value)}
          className="h-8 max-w-xs"
        />
        <input
          type="color"
          aria-label={`Colour of tag ${tag.name}`}
          value={color}
          onChange={(event) => setColor(event.target.value)}
          className="h-8 w-12 rounded-md border border-slate-300"
        />
        <Button type="submit" size="sm" variant="outline" disabled={!changed || !name.trim() || update.isPending}>
          Save
        </Button>
      </form>
      <Button size="sm" variant="ghost" aria-label={`Delete tag ${tag.name}`} onClick={() => setConfirming(true)}>
        <Trash2 className="size-4" aria-hidden />
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete the tag ${tag.name}?`}
        description="It is removed from every transcript that carries it."
        confirmLabel="Delete tag"
        onConfirm={() => remove.mutate(tag.id, { onError: failed("Tag not deleted") })}
      />
    </li>
  );
}
