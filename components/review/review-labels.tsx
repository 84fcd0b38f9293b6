// How the review workflow's values read and look: status names and badges, tag chips, people.
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { DELETED_USER_NAME, type NoteAuthor, type PersonRef, type ReviewStatus, type TagItem } from "@/lib/schemas/review";

export const REVIEW_STATUS_LABEL: Record<ReviewStatus, string> = {
  unreviewed: "Unreviewed",
  reviewed: "Reviewed",
  needs_attention: "Needs attention",
};

const STATUS_VARIANT: Record<ReviewStatus, BadgeVariant> = {
  unreviewed: "neutral",
  reviewed: "success",
  needs_attention: "warning",
};

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} data-testid="review-status">
      {REVIEW_STATUS_LABEL[status]}
    </Badge>
  );
}

/** A tag as a chip with its colour as a dot; `children` may add a remove button. */
export function TagChip({ tag, children }: { tag: TagItem; children?: React.ReactNode }) {
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-200"
      data-testid="tag-chip"
    >
      <span aria-hidden className="size-2 shrink-0 rounded-full" style={{ backgroundColor: tag.color }} />
      {tag.name}
      {children}
    </span>
  );
}

/** A person's name, else their email; a deleted account reads "Deleted user". */
export function personLabel(person: PersonRef | NoteAuthor | null | undefined): string {
  if (!person) return "";
  if (person.id === null) return DELETED_USER_NAME;
  return person.name?.trim() || person.email;
}
