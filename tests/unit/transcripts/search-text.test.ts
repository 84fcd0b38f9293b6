/** @jest-environment node */
import { buildSearchText, characterLength, foldSearchText, normalizeSearchQuery } from "@/lib/transcripts/search-text";

describe("search text", () => {
  it("folds stored text and queries the same way", () => {
    expect(buildSearchText(["Where  IS\tmy\nOrder?", "", "Größe ÄÖÜ"])).toBe("where is my order?\ngröße äöü");
    expect(normalizeSearchQuery("  Where   IS ")).toBe("where is");
    expect(normalizeSearchQuery("ÄÖÜ")).toBe("äöü");
  });

  it.each([
    ["single spaces", "Track my Order", "track my order"],
    ["a run of spaces", "track  my   order", "track my order"],
    ["a lone tab, newline or no-break space", "track\tmy\norder\u00a0now", "track my order now"],
    ["an ideographic space beside a plain one", "注文 \u3000確認", "注文 確認"],
    ["spaces at the ends", "  order  ", "order"],
  ])("folds %s into single spaces", (_case, text, folded) => {
    expect(foldSearchText(text)).toBe(folded);
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
