// The dashboard's Signal filter: one pressed button per chosen signal, toggled on and off.
import { fireEvent, render, screen } from "@testing-library/react";
import { SignalFilter } from "@/components/dashboard/signal-filter";

it("offers every signal and toggles the chosen ones", () => {
  const onChange = jest.fn();
  render(<SignalFilter selected={["handoff"]} onChange={onChange} />);
  const group = screen.getByRole("group", { name: "Signals (any of)" });
  expect(group).toBeInTheDocument();
  const buttons = screen.getAllByRole("button");
  expect(buttons.map((button) => [button.textContent, button.getAttribute("aria-pressed")])).toEqual([
    ["Fallback", "false"],
    ["Handoff", "true"],
    ["Unanswered", "false"],
    ["Repeated question", "false"],
  ]);
  fireEvent.click(screen.getByRole("button", { name: "Fallback" }));
  expect(onChange).toHaveBeenLastCalledWith(["handoff", "fallback"]);
  fireEvent.click(screen.getByRole("button", { name: "Handoff" }));
  expect(onChange).toHaveBeenLastCalledWith([]);
});
