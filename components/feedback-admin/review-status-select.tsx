"use client";
// Review Status column: the status moves freely between
// Pending review and Reviewed.
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { REVIEW_STATUS_OPTIONS } from "@/lib/feedback/display";
import type { ReviewStatus } from "@/lib/schemas/feedback";

export function ReviewStatusSelect({
  value,
  onChange,
  isDisabled,
  label,
}: {
  value: ReviewStatus;
  onChange: (status: ReviewStatus) => void;
  isDisabled?: boolean;
  /** Accessible name, naming the row (the column header alone repeats on every row). */
  label: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as ReviewStatus)} disabled={isDisabled}>
      <SelectTrigger size="sm" className="w-[8.75rem]" aria-label={label} data-testid="review-status" data-status={value}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {REVIEW_STATUS_OPTIONS.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
