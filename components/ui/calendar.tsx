"use client";
// A one-month calendar for picking a single day. It cannot be emptied: a click on the picked day
// again is ignored rather than clearing it.
import type { CSSProperties } from "react";
import { DayPicker, type Matcher } from "react-day-picker";
import "react-day-picker/style.css";
import { dayButtonLabel } from "./range-calendar";

const SINGLE_THEME = {
  "--rdp-accent-color": "#4f46e5",
  "--rdp-accent-background-color": "#eef2ff",
  "--rdp-today-color": "#4338ca",
  "--rdp-day-height": "40px",
  "--rdp-day-width": "40px",
  "--rdp-day_button-height": "38px",
  "--rdp-day_button-width": "38px",
} as CSSProperties;

export function Calendar({
  selected,
  onSelect,
  disabled,
}: {
  selected: Date;
  /** Called with a newly picked day only. */
  onSelect: (day: Date) => void;
  disabled?: Matcher | Matcher[];
}) {
  return (
    <DayPicker
      mode="single"
      required
      selected={selected}
      onSelect={(day) => {
        if (day) onSelect(day);
      }}
      disabled={disabled}
      defaultMonth={selected}
      autoFocus
      labels={{ labelDayButton: dayButtonLabel }}
      style={SINGLE_THEME}
      className="text-sm [&_.rdp-caption_label]:text-base [&_.rdp-day_button:focus-visible]:outline-2 [&_.rdp-day_button:focus-visible]:outline-offset-1 [&_.rdp-day_button:focus-visible]:outline-indigo-600"
    />
  );
}
