"use client";
// Date Range card: quick ranges, Start Date and End Date, Fetch Transcripts. A
// picked day that would make the range longer than the server accepts is refused with a message.
import { useState } from "react";
import { startOfDay } from "date-fns";
import { Download, LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import {
  pickedEnd,
  pickedStart,
  QUICK_RANGE_DAYS,
  RANGE_TOO_LONG_MESSAGE,
  spansTooManyDays,
  type DateRange,
} from "@/lib/format/date-range";
import { DatePickerField } from "./date-picker-field";

export function DateRangeCard({
  range,
  isFetching,
  onQuickRange,
  onStartDay,
  onEndDay,
  onFetch,
}: {
  range: DateRange;
  isFetching: boolean;
  onQuickRange: (days: number) => void;
  onStartDay: (day: Date) => void;
  onEndDay: (day: Date) => void;
  onFetch: () => void;
}) {
  const [isRefused, setIsRefused] = useState(false);
  /** Applies a pick unless the range it makes is too long, which is refused with a message instead. */
  const pickWithin = (next: DateRange, apply: () => void) => {
    const tooLong = spansTooManyDays(next.start, next.end);
    setIsRefused(tooLong);
    if (!tooLong) apply();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Date Range</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap" role="group" aria-label="Quick ranges">
          {QUICK_RANGE_DAYS.map((days) => (
            <Button
              key={days}
              variant="outline"
              size="sm"
              className="px-2 sm:px-3"
              onClick={() => {
                setIsRefused(false);
                onQuickRange(days);
              }}
            >
              Last {days} days
            </Button>
          ))}
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
          <DatePickerField
            label="Start Date"
            value={range.start}
            onPick={(day) => pickWithin({ start: pickedStart(day), end: range.end }, () => onStartDay(day))}
            disabled={{ after: range.end }}
            testId="start-date"
          />
          <DatePickerField
            label="End Date"
            value={range.end}
            onPick={(day) => pickWithin({ start: range.start, end: pickedEnd(day) }, () => onEndDay(day))}
            disabled={{ before: startOfDay(range.start) }}
            testId="end-date"
          />
          <Button onClick={onFetch} disabled={isFetching} className="sm:w-auto">
            {isFetching ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
            {isFetching ? "Fetching..." : "Fetch Transcripts"}
          </Button>
        </div>
        {isRefused && (
          <p role="alert" className="text-sm text-red-700">
            {RANGE_TOO_LONG_MESSAGE}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
