import { anchoredMessageIndex, messageAnchorId, messagePath, transcriptPath } from "@/lib/transcript-view/transcript-links";

describe("transcript links", () => {
  it("addresses a transcript, its id encoded", () => {
    expect(transcriptPath("64f0c0ffee")).toBe("/transcript/64f0c0ffee");
    expect(transcriptPath("a/b c#d")).toBe("/transcript/a%2Fb%20c%23d");
  });

  it("carries the search that found a transcript, encoded, and nothing when there is none", () => {
    expect(transcriptPath("t1", "refund status")).toBe("/transcript/t1?search=refund+status");
    expect(transcriptPath("t1", "a&b=c#d")).toBe("/transcript/t1?search=a%26b%3Dc%23d");
    expect(new URL(transcriptPath("t1", "50% off?"), "http://x").searchParams.get("search")).toBe("50% off?");
    expect(transcriptPath("t1", "")).toBe("/transcript/t1");
    expect(transcriptPath("t1", null)).toBe("/transcript/t1");
  });

  it("addresses one message of it by its index among the shown turns", () => {
    expect(messageAnchorId(0)).toBe("message-0");
    expect(messagePath("a/b", 3)).toBe("/transcript/a%2Fb#message-3");
  });

  it("reads the message index back from a location hash, and nothing else", () => {
    expect(anchoredMessageIndex("#message-3")).toBe(3);
    expect(anchoredMessageIndex("message-12")).toBe(12);
    expect(anchoredMessageIndex(`#${messageAnchorId(0)}`)).toBe(0);
    for (const hash of ["", "#", "#message-", "#message--1", "#message-1.5", "#message-1x", "#top", "#message-12345678"]) {
      expect(anchoredMessageIndex(hash)).toBeNull();
    }
  });
});
