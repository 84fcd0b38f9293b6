import { fireEvent, render, screen } from "@testing-library/react";
import { Calendar } from "@/components/ui/calendar";

describe("Calendar (single day; an empty pick is ignored)", () => {
  const selected = new Date(2025, 2, 5);

  it("reports a newly picked day", () => {
    const onSelect = jest.fn();
    render(<Calendar selected={selected} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole("button", { name: "Monday, March 10, 2025" }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0][0]).toEqual(new Date(2025, 2, 10));
  });

  it("ignores a click on the picked day instead of clearing it", () => {
    const onSelect = jest.fn();
    render(<Calendar selected={selected} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole("button", { name: "Wednesday, March 5, 2025, selected" }));
    expect(onSelect.mock.calls.every(([day]) => day instanceof Date)).toBe(true);
  });

  it("does not offer disabled days", () => {
    const onSelect = jest.fn();
    render(<Calendar selected={selected} onSelect={onSelect} disabled={{ after: new Date(2025, 2, 7) }} />);
    fireEvent.click(screen.getByRole("button", { name: "Saturday, March 8, 2025" }));
    expect(onSelect).not.toHaveBeenCalled();
  });
});
