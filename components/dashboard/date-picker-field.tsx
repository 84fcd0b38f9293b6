"use client";
// A labelled button showing a date; it opens a single-day calendar in a popover.
import { useId, useState } from "react";
import { CalendarDays } from "lucide-react";
import type { Matcher } from "react-day-picker";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Calendar } from "@/components/ui/calendar";
import { Label } from "@/components/ui/label";
import { buttonClasses } from "@/components/ui/button";
import { formatDate } from "@/lib/format/date-time";

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
          className={buttonClasses({ variant: "outline", className: "w-full justify-start font-normal" })}
        >
          <CalendarDays className="text-slate-500" aria-hidden />
          <span id={`${id}-value`}>{formatDate(value)}</span>
        </PopoverTrigger>
        <PopoverContent aria-label={`${label} calendar`} className="p-2">
          <Calendar
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
