"use client";
// A two-month calendar for picking a start and an end day, on react-day-picker's own styles
// recoloured to the portal's palette. The caller decides what a half-picked range means.
import type { CSSProperties, ReactNode } from "react";
import { format } from "date-fns";
import { DayPicker, type DateRange, type Matcher, type Modifiers } from "react-day-picker";
import "react-day-picker/style.css";

export type { DateRange };

const THEME = {
  "--rdp-accent-color": "#4f46e5",
  "--rdp-accent-background-color": "#e0e7ff",
  "--rdp-today-color": "#4338ca",
  "--rdp-day-height": "36px",
  "--rdp-day-width": "36px",
  "--rdp-day_button-height": "34px",
  "--rdp-day_button-width": "34px",
  "--rdp-months-gap": "1.5rem",
  "--rdp-nav-height": "2.5rem",
  "--rdp-nav_button-height": "2rem",
  "--rdp-nav_button-width": "2rem",
} as CSSProperties;

/**
 * A day's name for assistive technology that contains the number printed on it ("Sunday, October
 * 11, 2026"): the library's default ("October 11th") does not, which voice control users trip on.
 */
export function dayButtonLabel(date: Date, modifiers?: Modifiers): string {
  const name = format(date, "EEEE, MMMM d, yyyy");
  return `${modifiers?.today ? "Today, " : ""}${name}${modifiers?.selected ? ", selected" : ""}`;
}

export function RangeCalendar({
  selected,
  onSelect,
  disabled,
  defaultMonth,
  maxDays,
  footer,
}: {
  selected: DateRange | undefined;
  onSelect: (range: DateRange | undefined) => void;
  disabled?: Matcher | Matcher[];
  /** The left-hand month shown first. */
  defaultMonth?: Date;
  /** The longest range, in days, that can be picked. */
  maxDays?: number;
  /** Read out as a live region, e.g. what to pick next. */
  footer?: ReactNode;
}) {
  return (
    <DayPicker
      mode="range"
      numberOfMonths={2}
      // A click on a complete range starts a new one, so the second click always picks the end.
      resetOnSelect
      selected={selected}
      onSelect={onSelect}
      disabled={disabled}
      defaultMonth={defaultMonth}
      max={maxDays}
      footer={footer}
      autoFocus
      labels={{ labelDayButton: dayButtonLabel }}
      // Inline, as the library's own stylesheet outranks utility classes: picked days keep the
      // size of the others.
      modifiersStyles={{ selected: { fontSize: "inherit", fontWeight: 600 } }}
      showOutsideDays={false}
      style={THEME}
      className="text-sm [&_.rdp-caption_label]:text-base [&_.rdp-day_button:focus-visible]:outline-2 [&_.rdp-day_button:focus-visible]:outline-offset-1 [&_.rdp-day_button:focus-visible]:outline-indigo-600 [&_.rdp-footer]:mt-2 [&_.rdp-footer]:text-slate-600"
    />
  );
}
