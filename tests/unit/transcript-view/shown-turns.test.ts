import { shownTurns } from "@/lib/transcript-view/shown-turns";
import { transcriptCopyText } from "@/lib/transcript-view/copy-text";
import type { DialogEntry } from "@/lib/transcripts/types";

const at = (minute: number) => new Date(2025, 2, 5, 15, minute, 0).toISOString();

const dialog: DialogEntry[] = [
  { type: "launch", timestamp: at(0), payload: {} },
  { type: "text", timestamp: at(1), payload: { payload: { message: "Hi! How can I help?" } } },
  { type: "debug", timestamp: at(1), payload: { message: "trace" } },
  { type: "request", timestamp: at(2), payload: { payload: { query: "Where is my order?" } } },
  { type: "choice", timestamp: at(2), payload: { buttons: [] } },
  { type: "text", timestamp: at(3), payload: { payload: { slate: { content: [{ children: [{ text: "It shipped." }] }] } } } },
  { type: "request", timestamp: null, payload: { type: "launch" } },
  { type: "text", timestamp: at(4), payload: { message: "outer message" } },
];

describe("shownTurns (only text and request entries)", () => {
  it("keeps text and request entries in order, numbered among themselves", () => {
    expect(shownTurns(dialog)).toEqual([
      { index: 0, role: "bot", text: "Hi! How can I help?", timestamp: at(1) },
      { index: 1, role: "user", text: "Where is my order?", timestamp: at(2) },
      { index: 2, role: "bot", text: "It shipped.", timestamp: at(3) },
      { index: 3, role: "user", text: "(No message content)", timestamp: null },
      { index: 4, role: "bot", text: "outer message", timestamp: at(4) },
    ]);
  });

  it.each([[null], [undefined], [[]]])("has no turns for %p", (value) => {
    expect(shownTurns(value as DialogEntry[] | null)).toEqual([]);
  });
});

describe("transcriptCopyText ('[time] User: text' / '[time] Bot: text')", () => {
  it("writes one line per turn", () => {
    expect(transcriptCopyText(shownTurns(dialog))).toBe(
      [
        "[3:01:00 PM] Bot: Hi! How can I help?",
        "[3:02:00 PM] User: Where is my order?",
        "[3:03:00 PM] Bot: It shipped.",
        "[N/A] User: (No message content)",
        "[3:04:00 PM] Bot: outer message",
      ].join("\n"),
    );
  });

  it("is empty without turns", () => {
    expect(transcriptCopyText([])).toBe("");
  });
});
