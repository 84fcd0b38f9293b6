import {
  highlightedSearch,
  matchParts,
  matchRanges,
  messageMatchCount,
  searchSnippet,
  SNIPPET_AFTER,
  SNIPPET_BEFORE,
} from "@/lib/transcript-view/search-matches";
import { buildSearchText, SEARCH_QUERY_MAX_LENGTH } from "@/lib/transcripts/search-text";

const marked = (text: string, search: string) =>
  matchParts(text, highlightedSearch(search))
    .map((part) => (part.match ? `[${part.text}]` : part.text))
    .join("");

describe("search matches in a message", () => {
  it("folds the search as the list does, and refuses what the list would", () => {
    expect(highlightedSearch("  Refund   Status ")).toBe("refund status");
    expect(highlightedSearch("")).toBeNull();
    expect(highlightedSearch("   ")).toBeNull();
    expect(highlightedSearch(null)).toBeNull();
    expect(highlightedSearch("x".repeat(SEARCH_QUERY_MAX_LENGTH))).toBe("x".repeat(SEARCH_QUERY_MAX_LENGTH));
    expect(highlightedSearch("x".repeat(SEARCH_QUERY_MAX_LENGTH + 1))).toBeNull();
  });

  it("marks every case-insensitive occurrence, left to right, without overlap", () => {
    expect(marked("Refund? Yes, REFUNDS are refunded.", "refund")).toBe("[Refund]? Yes, [REFUND]S are [refund]ed.");
    expect(marked("aaaa", "aa")).toBe("[aa][aa]");
    expect(marked("nothing here", "refund")).toBe("nothing here");
  });

  it("lets a run of whitespace of the text match one space of the search, keeping the text as written", () => {
    expect(marked("reset  my\tpassword", "my password")).toBe("reset  [my\tpassword]");
    expect(marked("reset my password", "reset   my")).toBe("[reset my] password");
  });

  it("maps matches back past characters whose lower case is longer or that lie outside the basic plane", () => {
    // 'İ' lower-cases to two code units; '😀' is two code units itself.
    expect(marked("İstanbul 😀 refund", "refund")).toBe("İstanbul 😀 [refund]");
    expect(marked("😀😀 Ünïcode", "ünï")).toBe("😀😀 [Ünï]code");
    expect(matchRanges("a😀b", "😀b")).toEqual([[1, 4]]);
  });

  it("finds what the stored search text holds: a message matches where its folded text contains the search", () => {
    const messages = ["Where is my ORDER  NW-5512?", "Your order ships\ttoday.", "Order, order, order!"];
    for (const search of ["order", "my order nw-5512", "ships today", "order!"]) {
      const folded = highlightedSearch(search)!;
      for (const message of messages) {
        expect(matchRanges(message, folded).length > 0).toBe(buildSearchText([message]).includes(folded));
      }
    }
  });

  it("returns the whole text as one unmarked part when nothing matches or nothing is searched", () => {
    expect(matchParts("hello", null)).toEqual([{ text: "hello", match: false }]);
    expect(matchParts("", "x")).toEqual([{ text: "", match: false }]);
    expect(matchParts("refund", "refund")).toEqual([{ text: "refund", match: true }]);
  });

  it("counts matches within the pieces the page renders, so a match across bold or a link is not counted", () => {
    expect(messageMatchCount("Your **refund** is on its way. Refund policy: https://shop.example/refund", "refund")).toBe(3);
    expect(messageMatchCount("1. Open **your** account\n2. your account page", "your account")).toBe(1);
    expect(messageMatchCount("anything", null)).toBe(0);
  });

  describe("the snippet of a listed transcript", () => {
    const words = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => `${prefix}${index}`).join(" ");

    it("shows the first message holding the search, whole when it is short, on one line", () => {
      expect(searchSnippet(["Hello", "Where is my\n\nREFUND?", "refund again"], "refund")).toBe("Where is my REFUND?");
      expect(searchSnippet(["Hello"], "refund")).toBeNull();
      expect(searchSnippet([], "refund")).toBeNull();
    });

    it("cuts a long message at spaces around the first match, with an ellipsis where text is left out", () => {
      const message = `${words(30, "before")} your refund was issued ${words(30, "after")} and another refund`;
      const snippet = searchSnippet([message], "refund was")!;
      expect(snippet.startsWith("…before")).toBe(true);
      expect(snippet.endsWith("…")).toBe(true);
      expect(snippet).toContain("your refund was issued");
      // Few characters before the match, so that it shows in a narrow cell; more after it.
      expect(snippet.indexOf("refund was")).toBeLessThanOrEqual(SNIPPET_BEFORE + 1);
      expect(snippet.indexOf("refund was")).toBeGreaterThan(SNIPPET_BEFORE / 2);
      expect(snippet.length).toBeLessThanOrEqual(SNIPPET_BEFORE + "refund was".length + SNIPPET_AFTER + 2);
      expect(snippet.length).toBeGreaterThan(SNIPPET_AFTER);
      // Whole words only: every word of the snippet is a word of the message.
      const messageWords = new Set(message.split(" "));
      expect(
        snippet
          .slice(1, -1)
          .split(" ")
          .every((word) => messageWords.has(word)),
      ).toBe(true);
    });

    it("keeps the start or the end when the match is near it", () => {
      const tail = words(40, "w");
      expect(searchSnippet([`Refund status ${tail}`], "refund")).toMatch(/^Refund status w0 .*…$/);
      expect(searchSnippet([`${tail} final refund`], "refund")).toMatch(/^….* final refund$/);
    });

    it("never splits a character outside the basic plane, even in a text without spaces", () => {
      const emoji = "😀".repeat(100);
      const snippet = searchSnippet([`${emoji}refund${emoji}`], "refund")!;
      expect(snippet).toMatch(/^…(😀)+refund(😀)+…$/u);
      expect(snippet.isWellFormed()).toBe(true);
      // An odd number of characters on each side of the match puts both cuts inside an emoji.
      const shifted = searchSnippet([`${emoji}arefundb${emoji}`], "refund")!;
      expect(shifted.isWellFormed()).toBe(true);
      expect(shifted).toMatch(/^…(😀)+arefundb(😀)+…$/u);
    });
  });
});
