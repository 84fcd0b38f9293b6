import type { TagItem } from "@/lib/schemas/review";

// Tags are shown in one order everywhere (the tag menus, the list's badges, the transcript page):
// by name as people read it, whatever the database's collation, case and accents second, and
// numbers by value ("sprint 2" before "sprint 10"); two names equal to the collator keep the order
// of their ids.

const NAME_ORDER = new Intl.Collator("en", { numeric: true });

export function compareTags(a: Pick<TagItem, "id" | "name">, b: Pick<TagItem, "id" | "name">): number {
  return NAME_ORDER.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
