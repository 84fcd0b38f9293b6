/** @jest-environment node */
// Repeated question: when two normalised questions are essentially the same.
import { areNearDuplicates, hasNearDuplicates, isWithinEditDistance, questionForm } from "@/lib/insights/near-duplicate";
import { groupKey, questionTokens } from "@/lib/insights/normalize-question";

const form = (text: string) => {
  const tokens = questionTokens(text);
  return questionForm(groupKey(tokens), tokens);
};

describe("areNearDuplicates", () => {
  it.each([
    ["equal once normalised", "Where is my order NW-1?", "where is my order nw-2", true],
    ["4 of 5 distinct words shared (Jaccard 0.8)", "where is my order", "where is my order NW-5532", true],
    ["the same words in another order", "order where is my", "where is my order", true],
    ["3 of 5 distinct words shared", "is it waterproof", "is it windproof", false],
    ["one typo in 17 characters", "where is my ordr", "where is my order", true],
    ["two typos in 17 characters", "where is my ordr", "wher is my order", false],
    ["two typos in 30 characters", "how long does shiping tak to canada", "how long does shipping take to canada", true],
    ["under ten characters, a letter apart", "refunds", "refund", false],
    ["different questions", "where is my order", "how do i return an item", false],
    ["the same Japanese question with other punctuation", "注文した商品はいつ届きますか？", "注文した商品はいつ届きますか", true],
    ["a Japanese question with a character missing", "注文した商品はいつ届きますか", "注文した商品はいつ届きまか", true],
    ["Japanese questions two characters apart in 15", "注文した商品はいつ届きますか", "注文した商品はいつ届きましたか", false],
    ["different Japanese questions", "注文した商品はいつ届きますか", "返品方法を教えてください", false],
  ])("%s: %j, %j → %s", (_case, a, b, expected) => {
    expect(areNearDuplicates(form(a), form(b))).toBe(expected);
    expect(areNearDuplicates(form(b), form(a))).toBe(expected);
  });
});

describe("hasNearDuplicates", () => {
  it.each([
    [[], false],
    [["where is my order"], false],
    [["where is my order", "how do i return an item", "what size should i get"], false],
    [["where is my order", "how do i return an item", "Where is my order?"], true],
    [["how do i return an item", "what size should i get", "how do i return an item please"], true],
  ])("%j → %s", (texts, expected) => {
    expect(hasNearDuplicates(texts.map(form))).toBe(expected);
  });
});

describe("isWithinEditDistance", () => {
  /** The textbook dynamic programme, without a band. */
  function editDistance(a: string, b: string): number {
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      for (let j = 1; j <= b.length; j++)
        current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
    return previous[b.length];
  }

  it.each([
    ["", "", 0, true],
    ["", "ab", 1, false],
    ["", "ab", 2, true],
    ["kitten", "sitting", 2, false],
    ["kitten", "sitting", 3, true],
    ["abcdef", "fedcba", 5, false],
    ["abcdef", "fedcba", 6, true],
  ])("%j, %j within %i → %s", (a, b, limit, expected) => {
    expect(isWithinEditDistance(a, b, limit)).toBe(expected);
  });

  it("agrees with the textbook distance on many random pairs", () => {
    let seed = 33;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const word = () => Array.from({ length: Math.floor(next() * 12) }, () => "abc"[Math.floor(next() * 3)]).join("");
    for (let round = 0; round < 2000; round++) {
      const a = word();
      const b = word();
      const limit = Math.floor(next() * 6);
      expect([a, b, limit, isWithinEditDistance(a, b, limit)]).toEqual([a, b, limit, editDistance(a, b) <= limit]);
    }
  });
});
