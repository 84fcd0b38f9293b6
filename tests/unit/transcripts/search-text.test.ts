/** @jest-environment node */
import { buildSearchText, characterLength, normalizeSearchQuery } from "@/lib/transcripts/search-text";

describe("search text", () => {
  it("folds stored text and queries the same way", () => {
    expect(buildSearchText(["Where  IS\tmy\nOrder?", "", "Größe ÄÖÜ"])).toBe("where is my order?\ngröße äöü");
    expect(normalizeSearchQuery("  Where   IS ")).toBe("where is");
    expect(normalizeSearchQuery("ÄÖÜ")).toBe("äöü");
  });

  it("replaces a lone UTF-16 surrogate, in stored text and queries alike, and keeps pairs", () => {
    expect(buildSearchText(["A broken\uD83Dword 😀"])).toBe("a broken\uFFFDword 😀");
    expect(normalizeSearchQuery("n\uDE00w")).toBe("n\uFFFDw");
  });

  it.each([[undefined], [null], [""], ["   "]])("has no query for %p", (query) => {
    expect(normalizeSearchQuery(query)).toBeNull();
  });

  it("counts characters, not UTF-16 units", () => {
    expect(characterLength("日本語")).toBe(3);
    expect(characterLength("😀a")).toBe(2);
  });
});
