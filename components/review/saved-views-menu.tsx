"use client";
// Saved views: the current filters saved under a name, private or shared with everyone;
// the menu lists them (own and shared), shows one on a pick, and deletes those the user may delete,
// once confirmed.
import { useRef, useState } from "react";
import { Bookmark, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { useSavedViewMutations, useSavedViews } from "@/lib/queries/review";
import { VIEW_NAME_MAX_LENGTH, type SavedViewItem } from "@/lib/schemas/review";
import { savedViewRangeLabel } from "@/lib/format/saved-view-range";

export function SavedViewsMenu({ currentQuery, onApply }: { currentQuery: string; onApply: (query: string) => void }) {
  const views = useSavedViews();
  const { create, remove } = useSavedViewMutations();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState("");
  const [shared, setShared] = useState(false);
  // The view last asked about stays while the question closes, so that its text does not go blank.
  const [toDelete, setToDelete] = useState<SavedViewItem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  const save = () =>
    create.mutate(
      { name: name.trim(), shared, query: currentQuery },
      {
        onSuccess: (view) => {
          setSaving(false);
          setName("");
          setShared(false);
          toast({ title: "View saved", description: view.name, variant: "success" });
        },
        onError: (error) => toast({ title: "View not saved", description: error.message, variant: "destructive" }),
      },
    );

  const askDelete = (view: SavedViewItem) => {
    setToDelete(view);
    setConfirming(true);
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onError: (error) => toast({ title: "View not deleted", description: error.message, variant: "destructive" }),
    });
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={triggerRef} variant="outline" size="sm">
            <Bookmark aria-hidden />
            Saved views
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72">
          <DropdownMenuItem onSelect={() => setSaving(true)}>Save current view...</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>Views</DropdownMenuLabel>
          {views.isPending ? <p className="px-2 py-1.5 text-sm text-slate-500">Loading...</p> : null}
          {views.isError ? <p className="px-2 py-1.5 text-sm text-red-600">{views.error.message}</p> : null}
          {views.data?.length === 0 ? <p className="px-2 py-1.5 text-sm text-slate-500">No saved views yet</p> : null}
          {views.data?.map((view) => (
            <div key={view.id} className="flex items-center gap-1">
              <DropdownMenuItem className="min-w-0 flex-1" onSelect={() => onApply(view.query)}>
                <span className="flex min-w-0 flex-col">
                  <span className="truncate">{view.name}</span>
                  <span className="truncate text-xs text-slate-500">{savedViewRangeLabel(view.query)}</span>
                </span>
                {view.shared ? <span className="ml-auto text-xs text-slate-500">Shared</span> : null}
              </DropdownMenuItem>
              {view.canDelete ? (
                // A menu item, not a button: in the menu, arrow keys move between items only and Tab
                // is blocked, so nothing else is reachable from the keyboard.
                <DropdownMenuItem
                  aria-label={`Delete view ${view.name}`}
                  className="shrink-0 data-[highlighted]:[&_svg]:text-red-600"
                  onSelect={() => askDelete(view)}
                >
                  <Trash2 aria-hidden />
                </DropdownMenuItem>
              ) : null}
            </div>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          // The question has no trigger of its own (the menu item that asked is gone): the focus
          // goes back to the menu's button, once the question has let it go, not to the page's start.
          if (!open) setTimeout(() => triggerRef.current?.focus());
        }}
        title={`Delete the view ${toDelete?.name ?? ""}?`}
        description={toDelete?.shared ? "It is shared with everyone: it leaves everyone's saved views." : "It leaves your saved views."}
        confirmLabel="Delete view"
        onConfirm={confirmDelete}
      />
      <Dialog
        open={saving}
        onOpenChange={setSaving}
        title="Save current view"
        description="The dates, search and every filter, under a name."
      >
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) save();
          }}
        >
          <label className="block space-y-1 text-sm font-medium text-slate-700">
            Name
            <Input value={name} maxLength={VIEW_NAME_MAX_LENGTH} onChange={(event) => setName(event.target.value)} autoFocus />
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
            Share with everyone
          </label>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setSaving(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim() || create.isPending}>
              {create.isPending ? "Saving..." : "Save view"}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
