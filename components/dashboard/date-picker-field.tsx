"use client";
// A labelled button showing a date; it opens a single-day calendar in a popover. The calendar's
// code (react-day-picker) is downloaded when the popover opens, or already on hover or focus of the
// button; until it is there the popover holds a placeholder of the calendar's size.
import { lazy, Suspense, useId, useState, type ComponentProps, type ReactNode } from "react";
import { CalendarDays, LoaderCircle } from "lucide-react";
import type { Matcher } from "react-day-picker";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Label } from "@/components/ui/label";
import { buttonClasses } from "@/components/ui/button";
import type { Calendar } from "@/components/ui/calendar";
import { formatDate } from "@/lib/format/date-time";

const loadCalendar = () => import("@/components/ui/calendar");

/** Starts the calendar's download ahead of the popover; a failure shows when the popover opens. */
function prefetchCalendar(): void {
  loadCalendar().catch(() => undefined);
}

/**
 * The size of the calendar showing a five-week month, so that the popover keeps its size when the
 * calendar replaces it.
 */
function CalendarPlaceholder({ children }: { children: ReactNode }) {
  return (
    <div
      className="flex h-[277px] w-[280px] flex-col items-center justify-center gap-3 text-sm text-slate-600"
      data-testid="calendar-loading"
    >
      {children}
    </div>
  );
}

/** React.lazy keeps a failed download's outcome: reloading the page is what downloads it again. */
function CalendarUnavailable() {
  return (
    <CalendarPlaceholder>
      <p role="alert">The calendar could not be loaded. Reload the page to try again.</p>
    </CalendarPlaceholder>
  );
}

// React.lazy rather than next/dynamic: the calendar renders only in the browser, in an opened
// popover, so next/dynamic's server-side preloading has nothing to do, while its runtime would weigh
// on the dashboard's first load (docs/page-weight.md).
const LazyCalendar = lazy(() =>
  loadCalendar().then(
    (code) => ({ default: code.Calendar }),
    () => ({ default: CalendarUnavailable }),
  ),
);

/** The calendar once its code is loaded (it then takes the focus, as the calendar does itself). */
function DayCalendar(props: ComponentProps<typeof Calendar>) {
  return (
    <Suspense
      fallback={
        <CalendarPlaceholder>
          <p role="status" className="flex items-center gap-2">
            <LoaderCircle className="size-5 animate-spin text-indigo-600" aria-hidden />
            <span className="sr-only">Loading calendar...</span>
          </p>
        </CalendarPlaceholder>
      }
    >
      <LazyCalendar {...props} />
    </Suspense>
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
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1.5">
      <Label id={`${id}-label`}>{label}</Label>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger
          aria-labelledby={`${id}-label ${id}-value`}
          data-testid={testId}
          onPointerEnter={prefetchCalendar}
          onFocus={prefetchCalendar}
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
