import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { DatePickerField } from "@/components/dashboard/date-picker-field";

describe("DatePickerField (a single-day calendar in a popover, its code loaded on demand)", () => {
  const value = new Date(2025, 2, 5);

  it("opens with a placeholder of the calendar's size, then the calendar with the focus on the picked day", async () => {
    render(<DatePickerField label="Start Date" value={value} onPick={jest.fn()} testId="start-date" />);
    const trigger = screen.getByTestId("start-date");
    expect(trigger).toHaveAccessibleName("Start Date Mar 5, 2025");
    fireEvent.click(trigger);
    const popover = screen.getByRole("dialog", { name: "Start Date calendar" });
    // The first opening waits for the calendar's code.
    expect(within(popover).getByRole("status")).toHaveTextContent("Loading calendar...");
    expect(within(popover).getByTestId("calendar-loading")).toHaveClass("h-[277px]", "w-[280px]");
    expect(await within(popover).findByRole("grid")).toBeInTheDocument();
    expect(within(popover).queryByTestId("calendar-loading")).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName("Wednesday, March 5, 2025, selected"));
  });

  it("reports a picked day and closes; the code once loaded shows the calendar at once", async () => {
    const onPick = jest.fn();
    render(<DatePickerField label="End Date" value={value} onPick={onPick} disabled={{ before: new Date(2025, 2, 3) }} testId="end-date" />);
    fireEvent.focus(screen.getByTestId("end-date"));
    fireEvent.click(screen.getByTestId("end-date"));
    const popover = await screen.findByRole("dialog", { name: "End Date calendar" });
    await within(popover).findByRole("grid");
    fireEvent.click(within(popover).getByRole("button", { name: "Sunday, March 2, 2025" }));
    expect(onPick).not.toHaveBeenCalled();
    fireEvent.click(within(popover).getByRole("button", { name: "Monday, March 10, 2025" }));
    expect(onPick).toHaveBeenCalledWith(new Date(2025, 2, 10));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    fireEvent.click(screen.getByTestId("end-date"));
    expect(within(screen.getByRole("dialog", { name: "End Date calendar" })).getByRole("grid")).toBeInTheDocument();
  });
});
