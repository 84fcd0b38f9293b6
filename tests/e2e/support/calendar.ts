// The date pickers' calendars (react-day-picker): a day's button by its full name, and stepping back
// to the month that holds a day.
import { format } from "date-fns";
import type { Locator } from "playwright-core";

/** The button of `date` in a calendar; today's is named "Today, ...". */
export const dayIn = (scope: Locator, date: Date) =>
  scope.getByRole("button", { name: new RegExp(`^(Today, )?${format(date, "EEEE, MMMM d, yyyy")}`) });

/** A calendar opens on the month of the date it shows, not today's: steps back until the day is on screen. */
export async function goBackTo(scope: Locator, date: Date): Promise<Locator> {
  const day = dayIn(scope, date);
  for (let step = 0; step < 48 && (await day.count()) === 0; step++) {
    await scope.getByRole("button", { name: "Go to the Previous Month" }).click();
  }
  return day;
}
