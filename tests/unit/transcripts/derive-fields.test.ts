/** @jest-environment node */
import { deriveFields, makePreview, PREVIEW_MAX_LENGTH } from "@/lib/transcripts/derive-fields";
import type { DialogEntry } from "@/lib/transcripts/types";

const t = (second: number) => new Date(Date.UTC(2025, 2, 5, 15, 0, second)).toISOString();
const dialog: DialogEntry[] = [
  { type: "launch", timestamp: t(0), payload: { type: "launch" } },
  { type: "text", timestamp: t(1), payload: { payload: { message: "Hi! How can I help?" } } },
  { type: "debug", timestamp: t(1), payload: { payload: { message: "DEBUG SECRET" } } },
  { type: "request", timestamp: t(20), payload: { payload: { query: "Where   is my\norder?" } } },
  { type: "text", timestamp: t(22), payload: { payload: { message: "It SHIPPED." } } },
  { type: "speak", timestamp: t(30), payload: { payload: { message: "<speak>voice</speak>" } } },
];

describe("deriveFields", () => {
  it("derives every column from text and request turns only", () => {
    expect(deriveFields(dialog)).toEqual({
      preview: "Where is my order?",
      messageCount: 3,
      durationMs: 21_000,
      question: "Where   is my\norder?",
      answer: "It SHIPPED.",
      searchText: "hi! how can i help?\nwhere is my order?\nit shipped.",
    });
  });

  it("previews the first turn when there is no question", () => {
    expect(deriveFields([dialog[1]]).preview).toBe("Hi! How can I help?");
    expect(deriveFields([]).preview).toBe("");
  });

  it("counts turns without text but leaves them out of the search text", () => {
    const fields = deriveFields([{ type: "request", timestamp: t(0), payload: { type: "launch-like" } }, dialog[1]]);
    expect(fields.messageCount).toBe(2);
    expect(fields.searchText).toBe("hi! how can i help?");
  });
});

describe("makePreview", () => {
  it("keeps short text on one line", () => {
    expect(makePreview("  a\n b\t c ")).toBe("a b c");
  });

  it("cuts long text with an ellipsis, never inside a character", () => {
    const preview = makePreview("😀".repeat(200));
    expect(Array.from(preview)).toHaveLength(PREVIEW_MAX_LENGTH);
    expect(preview.endsWith("😀…")).toBe(true);
  });
});
