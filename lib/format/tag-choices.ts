// Tags where the work is: what typing a tag's name offers. An existing tag matches by name, case
// and surrounding spaces aside; a name no tag has is offered to administrators to create (as
// Admin › Tags does), while other users are told that only administrators create tags.
import { TAG_NAME_MAX_LENGTH, type TagItem } from "@/lib/schemas/review";

export const ONLY_ADMINS_CREATE_TAGS = "Only administrators create tags.";
/** Where tags come from, for a place that has none to offer. */
export function noTagsYet(isAdmin: boolean): string {
  return isAdmin
    ? "No tags yet: type a name to create the first one, or create tags in Admin › Tags."
    : "No tags yet: administrators create them (Admin › Tags).";
}

export interface TagChoices {
  /** The tags whose name holds the typed text, in the given order. */
  matches: TagItem[];
  /** The name to offer to create: typed, trimmed, held by no tag; null when there is none to offer. */
  create: string | null;
  /** A new name was typed by someone who may not create tags. */
  onlyAdmins: boolean;
}

const fold = (text: string) => text.trim().toLocaleLowerCase();

/** What typing `typed` offers among `tags` (those not yet applied), to an administrator or not. */
export function tagChoices(tags: readonly TagItem[], allTags: readonly TagItem[], typed: string, isAdmin: boolean): TagChoices {
  const name = typed.trim();
  const query = fold(name);
  const matches = tags.filter((tag) => fold(tag.name).includes(query));
  const isNew = name !== "" && name.length <= TAG_NAME_MAX_LENGTH && !allTags.some((tag) => fold(tag.name) === query);
  return { matches, create: isNew && isAdmin ? name : null, onlyAdmins: isNew && !isAdmin };
}

/** The label of the offer to create a tag. */
export function createTagLabel(name: string): string {
  return `Create tag '${name}'`;
}
