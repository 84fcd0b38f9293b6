import { COMMENT_PREVIEW_LENGTH, truncateComment } from "@/lib/feedback/comment";

describe("truncateComment (the comment column is truncated)", () => {
  it.each([
    ["short", 20, "short", false],
    ["exactly twenty chars", 20, "exactly twenty chars", false],
    ["the answer missed the refund policy entirely", 20, "the answer missed…", true],
    ["averyveryverylongwordwithoutanyspacesatall", 12, "averyveryve…", true],
    ["line one\nline two", 60, "line one line two", true],
    ["  padded  ", 60, "padded", true],
  ])("%p at %p -> %p", (comment, max, text, isTruncated) => {
    const preview = truncateComment(comment, max);
    expect(preview).toEqual({ text, isTruncated });
    expect(Array.from(preview.text).length).toBeLessThanOrEqual(max);
  });

  it("counts emoji and other astral characters as one and never splits them", () => {
    const preview = truncateComment("😀".repeat(30), 10);
    expect(preview.text).toBe(`${"😀".repeat(9)}…`);
  });

  it("uses 60 characters by default", () => {
    expect(COMMENT_PREVIEW_LENGTH).toBe(60);
    expect(truncateComment("x".repeat(61)).text).toBe(`${"x".repeat(59)}…`);
    expect(truncateComment("x".repeat(60)).isTruncated).toBe(false);
  });
});
