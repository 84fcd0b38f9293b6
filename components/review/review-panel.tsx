"use client";
// Transcript page: the transcript's review: status, assignee and tags with who changed
// them and when, and the notes. Any approved user changes them; a note's author edits and deletes
// it, administrators delete any note.
import { useState } from "react";
import { Pencil, Trash2, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SegmentedControl } from "@/components/ui/segmented-control";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toast-store";
import { useSession } from "@/lib/client/session";
import { formatDateTime } from "@/lib/format/date-time";
import { useNoteMutations, usePeople, useReviewChange, useTags } from "@/lib/queries/review";
import { NOTE_MAX_LENGTH, REVIEW_STATUSES, type NoteItem, type ReviewChange, type TranscriptReviewDetail } from "@/lib/schemas/review";
import { AddTagSelect } from "./add-tag-select";
import { TagNameInput } from "./tag-name-input";
import { REVIEW_STATUS_LABEL, TagChip, personLabel } from "./review-labels";

const STATUS_OPTIONS = REVIEW_STATUSES.map((value) => ({ value, label: REVIEW_STATUS_LABEL[value] }));

function failed(title: string) {
  return (error: Error) => toast({ title, description: error.message, variant: "destructive" });
}

export function ReviewPanel({ transcriptId, review }: { transcriptId: string; review: TranscriptReviewDetail }) {
  const { user } = useSession();
  const change = useReviewChange(transcriptId);
  const tags = useTags();
  const apply = (value: ReviewChange) => change.mutate(value, { onError: failed("Review not saved") });
  const unusedTags = (tags.data ?? []).filter((tag) => !review.tags.some((own) => own.id === tag.id));
  const people = usePeople();
  const colleagues = (people.data ?? []).filter((person) => person.id !== user?.id && person.id !== review.assignee?.id);

  return (
    <Card aria-labelledby="review-title" data-testid="review-panel">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id="review-title">Review</CardTitle>
        {review.updatedBy || review.updatedAt ? (
          <p className="text-xs text-slate-500" data-testid="review-changed">
            Last changed{review.updatedBy ? ` by ${personLabel(review.updatedBy)}` : ""}
            {review.updatedAt ? ` on ${formatDateTime(review.updatedAt)}` : ""}
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-5 px-4 sm:px-6">
        <section className="space-y-2">
          <h3 className="text-sm font-medium text-slate-700">Status</h3>
          {/* The three share the panel's width, each as wide as its label needs. */}
          <div className="[&_button]:flex-auto [&_button]:px-2.5 [&_div]:w-full">
            <SegmentedControl
              label="Review status"
              options={STATUS_OPTIONS}
              value={review.status}
              onChange={(status) => apply({ status })}
            />
          </div>
        </section>

        <section className="space-y-2">
          <h3 className="text-sm font-medium text-slate-700">Assignee</h3>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-slate-800" data-testid="review-assignee">
              {review.assignee ? personLabel(review.assignee) : "Nobody"}
            </span>
            {user && review.assignee?.id !== user.id ? (
              <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => apply({ assigneeId: user.id })}>
                Assign to me
              </Button>
            ) : null}
            {review.assignee ? (
              <Button size="sm" variant="ghost" disabled={change.isPending} onClick={() => apply({ assigneeId: null })}>
                Unassign
              </Button>
            ) : null}
            {colleagues.length > 0 ? (
              <Select value="" disabled={change.isPending} onValueChange={(id) => apply({ assigneeId: id })}>
                <SelectTrigger size="sm" className="w-48" aria-label="Assign to a colleague">
                  <SelectValue placeholder="Assign to a colleague" />
                </SelectTrigger>
                <SelectContent>
                  {colleagues.map((person) => (
                    <SelectItem key={person.id} value={person.id}>
                      {personLabel(person)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            ) : null}
          </div>
        </section>

        <section className="space-y-2">
          <h3 className="text-sm font-medium text-slate-700">Tags</h3>
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {review.tags.length === 0 ? <li className="text-sm text-slate-500">No tags</li> : null}
            {review.tags.map((tag) => (
              <li key={tag.id}>
                <TagChip tag={tag}>
                  <button
                    type="button"
                    aria-label={`Remove tag ${tag.name}`}
                    disabled={change.isPending}
                    onClick={() => apply({ removeTagIds: [tag.id] })}
                    className="rounded-full text-slate-400 hover:text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                  >
                    <X className="size-3" aria-hidden />
                  </button>
                </TagChip>
              </li>
            ))}
          </ul>
          {tags.isError ? <p className="text-sm text-red-600">{tags.error.message}</p> : null}
          {unusedTags.length > 0 ? <AddTagSelect tags={unusedTags} onAdd={(id) => apply({ addTagIds: [id] })} /> : null}
          {tags.data ? <TagNameInput tags={unusedTags} allTags={tags.data} onPick={(tag) => apply({ addTagIds: [tag.id] })} /> : null}
        </section>

        <NotesSection transcriptId={transcriptId} notes={review.notes} />
      </CardContent>
    </Card>
  );
}

function NotesSection({ transcriptId, notes }: { transcriptId: string; notes: NoteItem[] }) {
  const [draft, setDraft] = useState("");
  const { create } = useNoteMutations(transcriptId);
  const add = () =>
    create.mutate(draft, {
      onSuccess: () => setDraft(""),
      onError: failed("Note not added"),
    });
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-medium text-slate-700">Notes</h3>
      {notes.length === 0 ? <p className="text-sm text-slate-500">No notes yet</p> : null}
      <ol className="space-y-3" aria-label="Notes">
        {notes.map((note) => (
          <NoteRow key={note.id} transcriptId={transcriptId} note={note} />
        ))}
      </ol>
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.trim()) add();
        }}
      >
        <Textarea
          aria-label="New note"
          placeholder="Write a note for your colleagues"
          value={draft}
          maxLength={NOTE_MAX_LENGTH}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" size="sm" disabled={!draft.trim() || create.isPending}>
          {create.isPending ? "Adding..." : "Add note"}
        </Button>
      </form>
    </section>
  );
}

function NoteRow({ transcriptId, note }: { transcriptId: string; note: NoteItem }) {
  const { user } = useSession();
  const { update, remove } = useNoteMutations(transcriptId);
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const isAuthor = user !== null && note.author.id === user.id;
  const canDelete = isAuthor || user?.isAdmin === true;
  const author = personLabel(note.author);
  const edited = note.updatedAt !== note.createdAt;
  // The server stores the body trimmed. An edit that leaves it as it is sends nothing: an update
  // would mark the note edited.
  const draft = editing?.trim() ?? "";
  const isUnchanged = draft === note.body.trim();

  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50/60 p-3" data-testid="note">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-slate-500">
        <span>
          <span className="font-medium text-slate-700" data-testid="note-author">
            {author}
          </span>{" "}
          · {formatDateTime(note.createdAt)}
          {edited ? ` · edited ${formatDateTime(note.updatedAt)}` : ""}
        </span>
        <span className="flex gap-1">
          {isAuthor && editing === null ? (
            <Button size="sm" variant="ghost" aria-label={`Edit note by ${author}`} onClick={() => setEditing(note.body)}>
              <Pencil className="size-3.5" aria-hidden />
            </Button>
          ) : null}
          {canDelete ? (
            <Button size="sm" variant="ghost" aria-label={`Delete note by ${author}`} onClick={() => setConfirming(true)}>
              <Trash2 className="size-3.5" aria-hidden />
            </Button>
          ) : null}
        </span>
      </div>
      {editing === null ? (
        <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{note.body}</p>
      ) : (
        <form
          className="mt-2 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (isUnchanged) setEditing(null);
            else if (draft)
              update.mutate({ noteId: note.id, body: draft }, { onSuccess: () => setEditing(null), onError: failed("Note not saved") });
          }}
        >
          <Textarea
            aria-label="Edit note"
            value={editing}
            maxLength={NOTE_MAX_LENGTH}
            onChange={(event) => setEditing(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={!draft || isUnchanged || update.isPending}>
              Save
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this note?"
        description="The note is removed for everyone."
        confirmLabel="Delete note"
        onConfirm={() => remove.mutate(note.id, { onError: failed("Note not deleted") })}
      />
    </li>
  );
}
