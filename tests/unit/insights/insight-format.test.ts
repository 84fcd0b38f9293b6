import { figureChange, formatMessages, formatShare } from "@/lib/insights/insight-format";

describe("formatShare", () => {
  it.each([
    [0.125, "12.5%"],
    [1, "100%"],
    [0, "0%"],
    [2 / 3, "66.7%"],
    [0.0004, "0%"],
    [null, "–"],
  ])("%p reads %p", (share, text) => expect(formatShare(share)).toBe(text));
});

describe("formatMessages", () => {
  it.each([
    [4, "4 messages"],
    [4.5, "4.5 messages"],
    [1, "1 message"],
    [null, "–"],
  ])("%p reads %p", (count, text) => expect(formatMessages(count)).toBe(text));
});

describe("figureChange", () => {
  it("reads shares in percentage points", () => {
    expect(figureChange(0.5, 0.25, "share")).toEqual({ direction: "up", label: "+25 pts" });
    expect(figureChange(0.2, 0.225, "share")).toEqual({ direction: "down", label: "−2.5 pts" });
    expect(figureChange(0.5, 0.5, "share")).toEqual({ direction: "same", label: "No change" });
  });

  it("reads lengths in messages", () => {
    expect(figureChange(4, 3, "messages")).toEqual({ direction: "up", label: "+1 message" });
    expect(figureChange(3, 4.5, "messages")).toEqual({ direction: "down", label: "−1.5 messages" });
  });

  it("has nothing to compare when either period has no figure", () => {
    expect(figureChange(0.5, null, "share")).toEqual({ direction: "none", label: "No earlier data" });
    expect(figureChange(null, 0.5, "share")).toEqual({ direction: "none", label: "No earlier data" });
  });
});
