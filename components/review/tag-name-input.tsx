"use client";
// Tags where the work is (the transcript page, the bulk menu): typing a tag's name offers the tags
// that hold it, and a name no tag has: to administrators as "Create tag '…'" (created as Admin ›
// Tags creates it, then applied), to others with the word that only administrators create tags.
import { useState } from "react";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { useSession } from "@/lib/client/session";
import { useTagMutations } from "@/lib/queries/review";
import { createTagLabel, noTagsYet, ONLY_ADMINS_CREATE_TAGS, tagChoices } from "@/lib/format/tag-choices";
import { DEFAULT_TAG_COLOR, TAG_NAME_MAX_LENGTH, type TagItem } from "@/lib/schemas/review";

/** Matching tags offered at once; typing more narrows them. */
const SHOWN_MATCHES = 6;

export function TagNameInput({
  tags,
  allTags,
  onPick,
  autoFocus = false,
}: {
  /** The tags that may be picked (those not yet applied). */
  tags: readonly TagItem[];
  /** Every tag, so that a name already taken is not offered to create. */
  allTags: readonly TagItem[];
  onPick: (tag: TagItem) => void;
  autoFocus?: boolean;
}) {
  const { user } = useSession();
  const isAdmin = user?.isAdmin === true;
  const { create } = useTagMutations();
  const [typed, setTyped] = useState("");
  const choices = tagChoices(tags, allTags, typed, isAdmin);
  const hasTyped = typed.trim() !== "";

  const pick = (tag: TagItem) => {
    setTyped("");
    onPick(tag);
  };
  const createAndPick = (name: string) =>
    create.mutate(
      { name, color: DEFAULT_TAG_COLOR },
      {
        onSuccess: (tag) => {
          toast({ title: "Tag created", description: tag.name, variant: "success" });
          pick(tag);
        },
        onError: (error) => toast({ title: "Tag not created", description: error.message, variant: "destructive" }),
      },
    );

  return (
    <div className="space-y-2" data-testid="tag-name-input">
      <Input
        aria-label="Tag by name"
        placeholder={isAdmin ? "Type a tag to add or create" : "Type a tag to add"}
        value={typed}
        maxLength={TAG_NAME_MAX_LENGTH + 1}
        autoFocus={autoFocus}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          const exact = choices.matches.find((tag) => tag.name.trim().toLocaleLowerCase() === typed.trim().toLocaleLowerCase());
          if (exact) pick(exact);
          else if (choices.create) createAndPick(choices.create);
        }}
      />
      {allTags.length === 0 && !hasTyped ? <p className="text-sm text-slate-500">{noTagsYet(isAdmin)}</p> : null}
      {hasTyped ? (
        <ul className="flex flex-wrap gap-2" aria-label="Matching tags">
          {choices.matches.slice(0, SHOWN_MATCHES).map((tag) => (
            <li key={tag.id}>
              <Button type="button" size="sm" variant="outline" onClick={() => pick(tag)}>
                Add tag {tag.name}
              </Button>
            </li>
          ))}
          {choices.create ? (
            <li>
              <Button type="button" size="sm" disabled={create.isPending} onClick={() => createAndPick(choices.create!)}>
                <Plus aria-hidden />
                {createTagLabel(choices.create)}
              </Button>
            </li>
          ) : null}
        </ul>
      ) : null}
      {choices.onlyAdmins ? <p className="text-sm text-slate-500">{ONLY_ADMINS_CREATE_TAGS}</p> : null}
    </div>
  );
}
