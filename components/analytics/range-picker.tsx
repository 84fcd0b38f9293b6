"use client";
// Analytics page: the presets and Custom Range, a two-month calendar in a popover
// whose range applies only once both its start and its end are picked. A last day
// that makes the range longer than the server accepts is refused with a message, keeping the first.
import { useState } from "react";
import { CalendarRange } from "lucide-react";
import { subMonths } from "date-fns";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { RangeCalendar, type DateRange } from "@/components/ui/range-calendar";
import { RANGE_TOO_LONG_MESSAGE, spansTooManyDays } from "@/lib/format/date-range";
import {
  ANALYTICS_PRESETS,
  customRange,
  presetLabel,
  presetRange,
  type AnalyticsRange,
  type AnalyticsRangeChoice,
} from "@/lib/charts/analytics-range";

export interface RangeSelection {
  choice: AnalyticsRangeChoice;
  range: AnalyticsRange;
}

export function RangePicker({ value, onChange }: { value: RangeSelection; onChange: (selection: RangeSelection) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const [draft, setDraft] = useState<DateRange | undefined>(undefined);
  const [isRefused, setIsRefused] = useState(false);

  const open = (next: boolean) => {
    // Opening shows the applied custom range, if any; the next click starts a new one.
    if (next) setDraft(value.choice === "custom" ? { from: value.range.start, to: value.range.end } : undefined);
    setIsRefused(false);
    setIsOpen(next);
  };

  const pick = (picked: DateRange | undefined) => {
    const range = customRange(picked);
    const tooLong = range !== null && spansTooManyDays(range.start, range.end);
    setIsRefused(tooLong);
    setDraft(tooLong ? { from: draft?.from, to: undefined } : picked);
    if (range && !tooLong) {
      onChange({ choice: "custom", range });
      setIsOpen(false);
    }
  };

  const today = new Date();
  const nextStep = !draft?.from
    ? "Pick the first day of the range."
    : !draft.to
      ? "Now pick the last day of the range."
      : "Pick a new first day to change the range.";
  const hint = isRefused ? `${RANGE_TOO_LONG_MESSAGE} ${nextStep}` : nextStep;

  return (
    <div role="group" aria-label="Date range" className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
      {ANALYTICS_PRESETS.map((days) => (
        <Button
          key={days}
          variant={value.choice === days ? "primary" : "outline"}
          aria-pressed={value.choice === days}
          onClick={() => onChange({ choice: days, range: presetRange(days) })}
        >
          {presetLabel(days)}
        </Button>
      ))}
      <Popover open={isOpen} onOpenChange={open}>
        <PopoverTrigger asChild>
          <Button variant={value.choice === "custom" ? "primary" : "outline"} aria-pressed={value.choice === "custom"}>
            <CalendarRange aria-hidden />
            Custom Range
          </Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Custom date range" data-testid="custom-range-popover">
          <RangeCalendar
            selected={draft}
            onSelect={pick}
            disabled={{ after: today }}
            defaultMonth={draft?.from ?? subMonths(today, 1)}
            footer={hint}
          />
        </PopoverContent>
      </Popover>
    </div>
  );
}
