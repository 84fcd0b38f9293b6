"use client";
// The list's review filters (status, tags, assignee, feedback, notes), combinable with
// the dates, search and session; and removable chips for the insights filters that an
// Analytics drill-down link brings.
import { ChevronDown, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { REVIEW_STATUS_LABEL, TagChip } from "@/components/review/review-labels";
import type { ListFilters } from "@/lib/queries/transcripts";
import { REVIEW_STATUSES, type PersonRef, type TagItem } from "@/lib/schemas/review";
import { SignalFilter } from "./signal-filter";
import { SourceFilter } from "./source-filter";

const ALL = "all";

export const FEEDBACK_LABEL: Record<string, string> = {
  down: "Has thumbs-down",
  up: "Has thumbs-up",
  any: "Has any rating",
  none: "Has no rating",
};

export const INSIGHT_FILTER_LABEL: Record<string, string> = {
  signal: "Signal",
  questionGroup: "Question group",
  device: "Device",
  os: "OS",
  browser: "Browser",
  minMessages: "At least messages",
  maxMessages: "At most messages",
  weekday: "Weekday",
  hour: "Hour",
  tz: "Time zone",
};

const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** How an insight filter's value reads on its chip: a weekday's name, an hour as 14:00. */
export function insightFilterValue(key: string, value: string): string {
  if (key === "weekday") return WEEKDAY_NAMES[Number(value)] ?? value;
  if (key === "hour") return `${value}:00`;
  return value;
}

function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <label className="flex min-w-[10rem] flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : next)}>
        <SelectTrigger size="sm" aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </label>
  );
}

function TagFilter({ tags, selected, onChange }: { tags: TagItem[]; selected: string[]; onChange: (ids: string[]) => void }) {
  const names = tags.filter((tag) => selected.includes(tag.id)).map((tag) => tag.name);
  const label = selected.length === 0 ? "Any tag" : names.join(", ") || `${selected.length} tag(s)`;
  return (
    <div className="flex min-w-[10rem] flex-col gap-1 text-xs font-medium text-slate-600">
      <span id="tag-filter-label">Tags (any of)</span>
      <Popover>
        <PopoverTrigger asChild>
          <Button
            size="sm"
            variant="outline"
            aria-labelledby="tag-filter-label tag-filter-value"
            className="justify-between font-normal"
            data-testid="tag-filter"
          >
            <span id="tag-filter-value" className="truncate">
              {label}
            </span>
            <ChevronDown className="size-4 text-slate-500" aria-hidden />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-60 p-2">
          {tags.length === 0 ? <p className="p-2 text-sm text-slate-500">No tags yet</p> : null}
          <fieldset>
            <legend className="sr-only">Tags</legend>
            {tags.map((tag) => (
              <label key={tag.id} className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  checked={selected.includes(tag.id)}
                  onChange={(event) => onChange(event.target.checked ? [...selected, tag.id] : selected.filter((id) => id !== tag.id))}
                />
                <TagChip tag={tag} />
              </label>
            ))}
          </fieldset>
        </PopoverContent>
      </Popover>
    </div>
  );
}

export function ReviewFilters({
  filters,
  tags,
  people,
  onChange,
}: {
  filters: ListFilters;
  tags: TagItem[];
  /** Everyone a transcript can be assigned to (a filter naming someone else still shows). */
  people: PersonRef[];
  onChange: (filters: ListFilters) => void;
}) {
  const set = (patch: Partial<ListFilters>) => onChange({ ...filters, ...patch });
  const assigneeOptions = [
    { value: ALL, label: "Anyone" },
    { value: "me", label: "Me" },
    { value: "none", label: "Nobody" },
    ...people.map((person) => ({ value: person.id, label: person.name?.trim() || person.email })),
  ];
  if (filters.assignee && !assigneeOptions.some((option) => option.value === filters.assignee))
    assigneeOptions.push({ value: filters.assignee, label: "A colleague" });
  const insights = Object.entries(INSIGHT_FILTER_LABEL).flatMap(([key, label]) => {
    const value = filters[key as keyof ListFilters];
    const values = Array.isArray(value) ? value : value ? [value] : [];
    return values.map((one) => ({ key: key as keyof ListFilters, label, value: one }));
  });

  return (
    <div className="space-y-3" data-testid="review-filters">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Status"
          value={filters.status}
          options={[{ value: ALL, label: "Any status" }, ...REVIEW_STATUSES.map((value) => ({ value, label: REVIEW_STATUS_LABEL[value] }))]}
          onChange={(status) => set({ status })}
        />
        <TagFilter tags={tags} selected={filters.tag ?? []} onChange={(tag) => set({ tag })} />
        <FilterSelect label="Assignee" value={filters.assignee} options={assigneeOptions} onChange={(assignee) => set({ assignee })} />
        <FilterSelect
          label="Feedback"
          value={filters.feedback}
          options={[{ value: ALL, label: "Any feedback" }, ...Object.entries(FEEDBACK_LABEL).map(([value, label]) => ({ value, label }))]}
          onChange={(feedback) => set({ feedback })}
        />
        <FilterSelect
          label="Notes"
          value={filters.hasNotes}
          options={[
            { value: ALL, label: "With or without" },
            { value: "true", label: "Has notes" },
            { value: "false", label: "No notes" },
          ]}
          onChange={(hasNotes) => set({ hasNotes })}
        />
        <SourceFilter selected={filters.source ?? []} onChange={(source) => set({ source })} />
        <SignalFilter selected={filters.signal ?? []} onChange={(signal) => set({ signal })} />
      </div>
      {insights.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Analytics filters">
          {insights.map((chip) => (
            <li key={`${chip.key}=${chip.value}`}>
              <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-inset ring-indigo-200">
                {chip.label}: {insightFilterValue(chip.key, chip.value)}
                <button
                  type="button"
                  aria-label={`Remove filter ${chip.label} ${chip.value}`}
                  className="rounded-full text-indigo-500 hover:text-indigo-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                  onClick={() => {
                    const current = filters[chip.key];
                    set({ [chip.key]: Array.isArray(current) ? current.filter((one) => one !== chip.value) : undefined });
                  }}
                >
                  <X className="size-3" aria-hidden />
                </button>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
