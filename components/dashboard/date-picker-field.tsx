"use client";
// A labelled button showing a date; it opens a single-day calendar in a popover. The calendar's
// code (react-day-picker) is downloaded when the popover opens, or already on hover or focus of the
// button; until it is there the popover holds a placeholder of the calendar's size.
import { useId, useState } from "react";
import { CalendarDays, LoaderCircle } from "lucide-react";
import type { Matcher } from "react-day-picker";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Label } from "@/components/ui/label";
import { Button, buttonClasses } from "@/components/ui/button";
import { formatDate } from "@/lib/format/date-time";
import { lazyModule, prefetch } from "./lazy-module";

const calendarCode = lazyModule(() => import("@/components/ui/calendar"));

interface DayCalendarProps {
  selected: Date;
  onSelect: (day: Date) => void;
  disabled?: Matcher | Matcher[];
}

/** The calendar once its code is loaded (it then takes the focus, as the calendar does itself). */
function DayCalendar(props: DayCalendarProps) {
  const { module: calendar, hasFailed, retry } = calendarCode.useLoaded();
  if (calendar) return <calendar.Calendar {...props} />;
  // The size of the calendar showing a five-week month, so that the popover keeps its size when the
  // calendar replaces the placeholder.
  return (
    <div className="flex h-[277px] w-[280px] flex-col items-center justify-center gap-3 text-sm text-slate-600" data-testid="calendar-loading">
      {hasFailed ? (
        <>
          <p role="alert">The calendar could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={retry}>
            Try again
          </Button>
        </>
      ) : (
        <p role="status" className="flex items-center gap-2">
          <LoaderCircle className="size-5 animate-spin text-indigo-600" aria-hidden />
          <span className="sr-only">Loading calendar...</span>
        </p>
      )}
    </div>
  );
}

export function DatePickerField({
  label,
  value,
  onPick,
  disabled,
  testId,
}: {
  label: string;
  value: Date;
  onPick: (day: Date) => void;
  disabled?: Matcher | Matcher[];
  testId?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const loadCalendar = () => prefetch(calendarCode);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <Label id={`${id}-label`}>{label}</Label>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger
          aria-labelledby={`${id}-label ${id}-value`}
          data-testid={testId}
          onPointerEnter={loadCalendar}
          onFocus={loadCalendar}
          className={buttonClasses({ variant: "outline", className: "w-full justify-start font-normal" })}
        >
          <CalendarDays className="text-slate-500" aria-hidden />
          <span id={`${id}-value`}>{formatDate(value)}</span>
        </PopoverTrigger>
        <PopoverContent aria-label={`${label} calendar`} className="p-2">
          <DayCalendar
            selected={value}
            disabled={disabled}
            onSelect={(day) => {
              onPick(day);
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
    </div>
  );
}
