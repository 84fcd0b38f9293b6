"use client";
// Bulk actions on every transcript of the list's filter ("all N matching", across every
// page). The confirmation shows N; the server refuses when the set changed since (409 with the new
// count), and the confirmation then shows the new N to confirm again.
import { useState } from "react";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/components/ui/toast-store";
import { useSession } from "@/lib/client/session";
import { BulkCountChangedError, useBulkAction, usePeople, useTags, type BulkFilter } from "@/lib/queries/review";
import { REVIEW_STATUSES, type BulkAction } from "@/lib/schemas/review";
import { REVIEW_STATUS_LABEL, personLabel } from "./review-labels";
import { TagNameInput } from "./tag-name-input";

interface Pending {
  action: BulkAction;
  label: string;
  count: number;
  /** Set when the server refused because the count changed. */
  changedMessage: string | null;
}

export function bulkConfirmTitle(label: string, count: number): string {
  return count === 1 ? `${label}: the one matching transcript?` : `${label}: all ${count.toLocaleString("en-US")} matching transcripts?`;
}

export function BulkActions({ filter, total }: { filter: BulkFilter; total: number }) {
  const { user } = useSession();
  const tags = useTags();
  const people = usePeople();
  const colleagues = (people.data ?? []).filter((person) => person.id !== user?.id);
  const bulk = useBulkAction();
  const [pending, setPending] = useState<Pending | null>(null);
  const [isNaming, setIsNaming] = useState(false);
  const ask = (action: BulkAction, label: string) => setPending({ action, label, count: total, changedMessage: null });

  const confirm = () => {
    if (!pending) return;
    bulk.mutate(
      { filter, action: pending.action, expectedCount: pending.count },
      {
        onSuccess: (result) => {
          setPending(null);
          toast({
            title: "Bulk action done",
            description: `${result.changed.toLocaleString("en-US")} of ${result.matched.toLocaleString("en-US")} transcripts changed`,
            variant: "success",
          });
        },
        onError: (error) => {
          if (error instanceof BulkCountChangedError && Number.isFinite(error.matched)) {
            setPending({
              ...pending,
              count: error.matched,
              changedMessage: `The list changed since it was counted: ${error.matched.toLocaleString("en-US")} transcripts match now. Confirm again to apply to them.`,
            });
          } else toast({ title: "Bulk action failed", description: error.message, variant: "destructive" });
        },
      },
    );
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" disabled={total === 0}>
            Bulk actions
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="max-h-96 w-64 overflow-y-auto">
          <DropdownMenuLabel>All {total.toLocaleString("en-US")} matching</DropdownMenuLabel>
          {REVIEW_STATUSES.map((status) => (
            <DropdownMenuItem key={status} onSelect={() => ask({ status }, `Mark ${REVIEW_STATUS_LABEL[status].toLowerCase()}`)}>
              Mark {REVIEW_STATUS_LABEL[status].toLowerCase()}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          {user ? <DropdownMenuItem onSelect={() => ask({ assigneeId: user.id }, "Assign to me")}>Assign to me</DropdownMenuItem> : null}
          {colleagues.map((person) => (
            <DropdownMenuItem
              key={`assign-${person.id}`}
              onSelect={() => ask({ assigneeId: person.id }, `Assign to ${personLabel(person)}`)}
            >
              Assign to {personLabel(person)}
            </DropdownMenuItem>
          ))}
          <DropdownMenuItem onSelect={() => ask({ assigneeId: null }, "Unassign")}>Unassign</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setIsNaming(true)}>Add tag by name...</DropdownMenuItem>
          {(tags.data ?? []).map((tag) => (
            <DropdownMenuItem key={`add-${tag.id}`} onSelect={() => ask({ addTagIds: [tag.id] }, `Add tag ${tag.name}`)}>
              Add tag {tag.name}
            </DropdownMenuItem>
          ))}
          {(tags.data ?? []).map((tag) => (
            <DropdownMenuItem key={`remove-${tag.id}`} onSelect={() => ask({ removeTagIds: [tag.id] }, `Remove tag ${tag.name}`)}>
              Remove tag {tag.name}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog
        open={isNaming}
        onOpenChange={setIsNaming}
        title="Add a tag to every matching transcript"
        description={`All ${total.toLocaleString("en-US")} transcripts of the current filter, once confirmed.`}
      >
        <TagNameInput
          autoFocus
          tags={tags.data ?? []}
          allTags={tags.data ?? []}
          onPick={(tag) => {
            setIsNaming(false);
            ask({ addTagIds: [tag.id] }, `Add tag ${tag.name}`);
          }}
        />
      </Dialog>
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !bulk.isPending) setPending(null);
        }}
        title={pending ? bulkConfirmTitle(pending.label, pending.count) : ""}
        description="Every transcript of the current filter, on every page, changes."
      >
        {pending?.changedMessage ? (
          <p role="alert" className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="bulk-changed">
            {pending.changedMessage}
          </p>
        ) : null}
        {bulk.isPending ? (
          <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-600">
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            Applying to {pending?.count.toLocaleString("en-US")} transcripts...
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={bulk.isPending} onClick={() => setPending(null)}>
            Cancel
          </Button>
          <Button disabled={bulk.isPending} onClick={confirm}>
            Apply to {pending?.count.toLocaleString("en-US")}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
