import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { DatePickerField } from "@/components/dashboard/date-picker-field";
import { DateRangeCard } from "@/components/dashboard/date-range-card";

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
    render(
      <DatePickerField label="End Date" value={value} onPick={onPick} disabled={{ before: new Date(2025, 2, 3) }} testId="end-date" />,
    );
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

describe("DateRangeCard (the dashboard's Start Date and End Date)", () => {
  // 1,096 days from the first moment of Jan 5, 2022 to the last of Jan 4, 2025: the longest range.
  const range = { start: new Date(2022, 0, 5), end: new Date(2025, 0, 4, 23, 59, 59, 999) };
  const pickDay = async (testId: string, name: RegExp) => {
    fireEvent.click(screen.getByTestId(testId));
    const popover = await screen.findByRole("dialog");
    fireEvent.click(await within(popover).findByRole("button", { name }));
  };

  it("refuses a day that makes the range longer than the server accepts, with a message", async () => {
    const onStartDay = jest.fn();
    const onEndDay = jest.fn();
    render(
      <DateRangeCard
        range={range}
        isFetching={false}
        onQuickRange={jest.fn()}
        onStartDay={onStartDay}
        onEndDay={onEndDay}
        onFetch={jest.fn()}
      />,
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await pickDay("start-date", /January 4, 2022/);
    expect(onStartDay).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent("The date range may span at most 1,096 days.");

    await pickDay("start-date", /January 6, 2022/);
    expect(onStartDay).toHaveBeenCalledWith(new Date(2022, 0, 6));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();

    await pickDay("end-date", /January 5, 2025/);
    expect(onEndDay).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent("The date range may span at most 1,096 days.");
    await pickDay("end-date", /January 3, 2025/);
    expect(onEndDay).toHaveBeenCalledWith(new Date(2025, 0, 3));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("clears the message when a quick range is chosen", async () => {
    const onQuickRange = jest.fn();
    render(
      <DateRangeCard
        range={range}
        isFetching={false}
        onQuickRange={onQuickRange}
        onStartDay={jest.fn()}
        onEndDay={jest.fn()}
        onFetch={jest.fn()}
      />,
    );
    await pickDay("start-date", /January 1, 2022/);
    expect(screen.getByRole("alert")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Last 30 days" }));
    expect(onQuickRange).toHaveBeenCalledWith(30);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
