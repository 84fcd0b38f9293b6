"use client";
// The review panel's "Add a tag" list, which the review pass's "t" shortcut also opens.
// Opened by the shortcut, it hands the focus back, once closed (a tag picked or Escape), to where it
// was before "t": the next shortcut then reaches the page, not the closed list, whose letters pick
// a tag.
import { useEffect, useRef, useState } from "react";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { TagItem } from "@/lib/schemas/review";

const OPEN_EVENT = "review:open-add-tag";

/** Opens the "Add a tag" list shown on the page, if any, as the "t" shortcut does. */
export function openAddTagList(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

export function AddTagSelect({ tags, onAdd }: { tags: TagItem[]; onAdd: (tagId: string) => void }) {
  const [open, setOpen] = useState(false);
  // Where the focus goes back on close when the shortcut opened the list; null when the trigger
  // opened it, and the focus goes back to the trigger.
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    const openFromShortcut = () => {
      returnFocus.current = document.activeElement ?? document.body;
      setOpen(true);
    };
    window.addEventListener(OPEN_EVENT, openFromShortcut);
    return () => window.removeEventListener(OPEN_EVENT, openFromShortcut);
  }, []);

  return (
    <Select
      value=""
      open={open}
      onOpenChange={(next) => {
        if (next) returnFocus.current = null;
        setOpen(next);
      }}
      onValueChange={onAdd}
    >
      <SelectTrigger size="sm" className="w-48" aria-label="Add a tag">
        <SelectValue placeholder="Add a tag" />
      </SelectTrigger>
      <SelectContent
        onCloseAutoFocus={(event) => {
          const target = returnFocus.current;
          returnFocus.current = null;
          if (target === null) return;
          event.preventDefault();
          // The body takes no focus: with the list gone, the focus is already back on it.
          if (target instanceof HTMLElement && target.isConnected) target.focus({ preventScroll: true });
        }}
      >
        {tags.map((tag) => (
          <SelectItem key={tag.id} value={tag.id}>
            {tag.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
