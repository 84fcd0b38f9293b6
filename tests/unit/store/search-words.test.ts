/** @jest-environment node */
import { isLongWord, MAX_LISTED_WORD_LENGTH, queryWords, wordsOfTexts, type TextsWords } from "@/lib/server/store/search-words";

/** Text i's words, read back through the positions. */
function wordsOfText(result: TextsWords, text: number): string[] {
  return [...result.positions.subarray(result.starts[text], result.starts[text + 1])].map((position) => result.words[position]);
}

const wordsOf = (text: string) => wordsOfText(wordsOfTexts([text]), 0);

describe("words of a search text", () => {
  it("splits at every ASCII character that is neither a letter nor a digit", () => {
    expect(wordsOf("order nw-12 shipped!\nsee https://shop.example/a_b?x=1")).toEqual([
      "order",
      "nw",
      "12",
      "shipped",
      "see",
      "https",
      "shop",
      "example",
      "a",
      "b",
      "x",
      "1",
    ]);
  });

  it("keeps non-ASCII characters inside words, punctuation included", () => {
    expect(wordsOf("größe «grün» 日本語…ok")).toEqual(["größe", "«grün»", "日本語…ok"]);
  });

  it("takes each word of a text once, in the order it first occurs", () => {
    expect(wordsOf("b a b a a")).toEqual(["b", "a"]);
  });

  it("has no words in empty or separator-only text", () => {
    expect(wordsOf("")).toEqual([]);
    expect(wordsOf(" -- ?! ")).toEqual([]);
  });

  it("keeps words over the listed length, which isLongWord tells apart", () => {
    const atLimit = "x".repeat(MAX_LISTED_WORD_LENGTH);
    expect(wordsOf(`${atLimit}x y ${atLimit}x ${atLimit}`)).toEqual([`${atLimit}x`, "y", atLimit]);
    expect(isLongWord(atLimit)).toBe(false);
    expect(isLongWord(`${atLimit}x`)).toBe(true);
  });

  it("measures a word's length in characters, not UTF-16 units", () => {
    const emoji = "😀".repeat(MAX_LISTED_WORD_LENGTH);
    expect(isLongWord(emoji)).toBe(false);
    expect(isLongWord(`${emoji}😀`)).toBe(true);
  });
});

describe("words of many texts", () => {
  const long = "x".repeat(MAX_LISTED_WORD_LENGTH + 1);
  const texts = ["order nw-12 shipped", `shipped ${long} größe shipped`, "", " -- ", "order again"];

  it("lists every word of every text once, long words included", () => {
    const result = wordsOfTexts(texts);
    expect(result.words).toEqual(["order", "nw", "12", "shipped", long, "größe", "again"]);
    expect(new Set(result.words).size).toBe(result.words.length);
  });

  it("gives each text its own words, each once, texts without words included", () => {
    const result = wordsOfTexts(texts);
    expect(texts.map((_, index) => wordsOfText(result, index))).toEqual([
      ["order", "nw", "12", "shipped"],
      ["shipped", long, "größe"],
      [],
      [],
      ["order", "again"],
    ]);
    expect(result.starts).toHaveLength(texts.length + 1);
  });

  it("grows past its first arrays", () => {
    const many = Array.from({ length: 1100 }, (_, index) => `w${index} shared w${index + 1} w${index + 2} w${index + 3} shared`);
    const result = wordsOfTexts(many);
    expect(result.words).toHaveLength(1 + 1103);
    expect(result.positions).toHaveLength(1100 * 5);
    expect(wordsOfText(result, 1099)).toEqual(["w1099", "shared", "w1100", "w1101", "w1102"]);
  });

  it("has nothing for no texts", () => {
    const result = wordsOfTexts([]);
    expect(result.words).toEqual([]);
    expect([...result.starts]).toEqual([0]);
    expect(result.positions).toHaveLength(0);
  });

  it("owns whole buffers, so a worker's message can move them", () => {
    const result = wordsOfTexts(texts);
    expect(result.positions.byteLength).toBe(result.positions.buffer.byteLength);
    expect(result.starts.byteLength).toBe(result.starts.buffer.byteLength);
  });
});

describe("words of a query", () => {
  it("is one unanchored word when the query has no separator", () => {
    expect(queryWords("refund")).toEqual([{ word: "refund", anchoredStart: false, anchoredEnd: false }]);
  });

  it("anchors each word at the separators beside it", () => {
    expect(queryWords("er nw-12")).toEqual([
      { word: "er", anchoredStart: false, anchoredEnd: true },
      { word: "nw", anchoredStart: true, anchoredEnd: true },
      { word: "12", anchoredStart: true, anchoredEnd: false },
    ]);
  });

  it("anchors a word that a separator ends or starts the query beside", () => {
    expect(queryWords("-123456?")).toEqual([{ word: "123456", anchoredStart: true, anchoredEnd: true }]);
    expect(queryWords("order ")).toEqual([{ word: "order", anchoredStart: false, anchoredEnd: true }]);
    expect(queryWords(" order")).toEqual([{ word: "order", anchoredStart: true, anchoredEnd: false }]);
  });

  it("has no words when the query is only separators", () => {
    expect(queryWords("?!-")).toEqual([]);
  });
});
