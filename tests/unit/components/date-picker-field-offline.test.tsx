import { fireEvent, render, screen, within } from "@testing-library/react";
import { DatePickerField } from "@/components/dashboard/date-picker-field";

// The calendar's code cannot be downloaded (a dropped connection, or a newer deployment).
jest.mock("@/components/ui/calendar", () => {
  throw new Error("Loading chunk failed");
});

describe("DatePickerField when the calendar's code cannot be downloaded", () => {
  it("says so in the popover, with what to do", async () => {
    render(<DatePickerField label="Start Date" value={new Date(2025, 2, 5)} onPick={jest.fn()} testId="start-date" />);
    fireEvent.click(screen.getByTestId("start-date"));
    const popover = screen.getByRole("dialog", { name: "Start Date calendar" });
    expect(await within(popover).findByRole("alert")).toHaveTextContent("The calendar could not be loaded. Reload the page to try again.");
    expect(within(popover).getByTestId("calendar-loading")).toHaveClass("h-[277px]", "w-[280px]");
    expect(within(popover).queryByRole("grid")).not.toBeInTheDocument();
  });
});
