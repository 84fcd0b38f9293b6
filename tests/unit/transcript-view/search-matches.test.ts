import { highlightedSearch, matchParts, matchRanges, messageMatchCount } from "@/lib/transcript-view/search-matches";
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
});
