import {
  DENSE_SAMPLE_MIN_TEXTS,
  DENSE_WORD_CAPACITY,
  DENSE_WORD_COLUMNS,
  denseBitPlace,
  denseBitValue,
  denseBitsById,
  denseColumnsOf,
  denseDayCountChanges,
  denseMasks,
  denseWordsWithin,
  indexedWordIds,
  largestId,
  newDenseWords,
} from "@/lib/server/store/postgres/dense-bits";
import { UNLISTED_WORD_ID } from "@/lib/server/store/search-words";

const asSigned = (value: bigint) => BigInt.asIntN(64, value);

describe("dense word bits", () => {
  it("places bit b in column floor(b / 64) at position b mod 64, as a signed 64-bit value", () => {
    expect(denseBitPlace(0)).toEqual({ column: 0, shift: 0 });
    expect(denseBitPlace(70)).toEqual({ column: 1, shift: 6 });
    expect(denseBitPlace(DENSE_WORD_CAPACITY - 1)).toEqual({ column: DENSE_WORD_COLUMNS - 1, shift: 63 });
    expect(denseBitValue(3)).toBe(8n);
    expect(denseBitValue(63)).toBe(-(2n ** 63n));
    expect(denseBitValue(64 + 33)).toBe(2n ** 33n);
  });

  it("sets, in each text's columns, the bits of the dense words it holds, and nothing for the rest", () => {
    const bitOf = new Map([
      [10, 0],
      [11, 31],
      [12, 32],
      [13, 63],
      [14, 64 + 5],
      [15, DENSE_WORD_CAPACITY - 1],
    ]);
    const columns = denseColumnsOf([10, 11, 12, 13, 14, 15, 99, UNLISTED_WORD_ID], denseBitsById(bitOf));
    expect(columns).toHaveLength(DENSE_WORD_COLUMNS);
    expect(columns[0]).toBe(asSigned(1n | (1n << 31n) | (1n << 32n) | (1n << 63n)));
    expect(columns[1]).toBe(32n);
    expect(columns.slice(2, -1)).toEqual(new Array(DENSE_WORD_COLUMNS - 3).fill(0n));
    expect(columns.at(-1)).toBe(-(2n ** 63n));
    expect(denseColumnsOf([99, 100], denseBitsById(bitOf))).toEqual(new Array(DENSE_WORD_COLUMNS).fill(0n));
    // Each column's value tests against the masks of its bits exactly as SQL's (column & mask) <> 0 does.
    const masks = denseMasks([31, 64 + 5]);
    expect(masks[0] & columns[0]).not.toBe(0n);
    expect(masks[1] & columns[1]).not.toBe(0n);
    expect(denseMasks([1, 2])[0] & columns[0]).toBe(0n);
  });

  it("looks the bits of dense words up by word id, -1 for any other id, past the last dense one too", () => {
    const bitsById = denseBitsById(
      new Map([
        [3, 0],
        [1, DENSE_WORD_CAPACITY - 1],
      ]),
    );
    expect([...bitsById]).toEqual([-1, DENSE_WORD_CAPACITY - 1, -1, 0]);
    expect(denseColumnsOf([4, 1000], bitsById)).toEqual(new Array(DENSE_WORD_COLUMNS).fill(0n));
    expect(denseBitsById(new Map())).toHaveLength(0);
  });

  it("finds the largest word id, -1 of none", () => {
    expect(largestId([3, 17, 5])).toBe(17);
    expect(
      largestId(
        new Map([
          [9, 0],
          [2, 1],
        ]).keys(),
      ),
    ).toBe(9);
    expect(largestId([])).toBe(-1);
  });

  it("leaves a text's dense words out of its word index, which keeps its other words and the mark of unlisted ones", () => {
    const bitOf = new Map([
      [10, 0],
      [12, 7],
    ]);
    const bitsById = denseBitsById(bitOf);
    expect(indexedWordIds([10, 11, 12, 13, UNLISTED_WORD_ID], bitsById)).toEqual([11, 13, UNLISTED_WORD_ID]);
    expect(indexedWordIds([10, 12], bitsById)).toEqual([]);
    expect(indexedWordIds([11, 13], denseBitsById(new Map()))).toEqual([11, 13]);
  });

  it("combines bits of one column into one mask", () => {
    const masks = denseMasks([0, 2, 63, 64]);
    expect(masks[0]).toBe(asSigned(1n | 4n | (1n << 63n)));
    expect(masks[1]).toBe(1n);
    expect(masks.slice(2)).toEqual(new Array(DENSE_WORD_COLUMNS - 2).fill(0n));
  });
});

describe("choosing dense words", () => {
  const batch = (size: number, holds: (index: number) => number[]) => Array.from({ length: size }, (_, index) => holds(index));

  it("chooses the words of at least 2 % of a large batch's texts, most common first, on the lowest free bits", () => {
    const texts = batch(DENSE_SAMPLE_MIN_TEXTS, (i) => [
      1, // every text
      ...(i % 2 === 0 ? [2] : []), // half
      ...(i < 20 ? [3] : []), // exactly 2 %
      ...(i < 19 ? [4] : []), // just under
      ...(i % 3 === 0 ? [5, UNLISTED_WORD_ID] : []), // a third, and the mark of unlisted words
    ]);
    expect(newDenseWords(texts, new Map())).toEqual([
      { wordId: 1, bit: 0 },
      { wordId: 2, bit: 1 },
      { wordId: 5, bit: 2 },
      { wordId: 3, bit: 3 },
    ]);
    // Words with bits keep them; new ones fill the gaps.
    expect(
      newDenseWords(
        texts,
        new Map([
          [2, 0],
          [7, 2],
        ]),
      ),
    ).toEqual([
      { wordId: 1, bit: 1 },
      { wordId: 5, bit: 3 },
      { wordId: 3, bit: 4 },
    ]);
    // Words too short to count a search through never take a bit.
    expect(newDenseWords(texts, new Map(), new Set([1, 5]))).toEqual([
      { wordId: 2, bit: 0 },
      { wordId: 3, bit: 1 },
    ]);
  });

  it("chooses nothing from a small batch, and nothing once every bit is taken", () => {
    expect(
      newDenseWords(
        batch(DENSE_SAMPLE_MIN_TEXTS - 1, () => [1]),
        new Map(),
      ),
    ).toEqual([]);
    const full = new Map(Array.from({ length: DENSE_WORD_CAPACITY }, (_, bit) => [1000 + bit, bit]));
    expect(
      newDenseWords(
        batch(DENSE_SAMPLE_MIN_TEXTS, () => [1]),
        full,
      ),
    ).toEqual([]);
    const allButTwo = new Map(Array.from({ length: DENSE_WORD_CAPACITY - 2 }, (_, bit) => [1000 + bit, bit]));
    expect(
      newDenseWords(
        batch(DENSE_SAMPLE_MIN_TEXTS, () => [1, 2, 3]),
        allButTwo,
      ),
    ).toEqual([
      { wordId: 1, bit: DENSE_WORD_CAPACITY - 2 },
      { wordId: 2, bit: DENSE_WORD_CAPACITY - 1 },
    ]);
  });
});

describe("dense words within a word", () => {
  const bitOfWord = new Map([
    ["parcel", 0],
    ["parcels", 1],
    ["cel", 2],
    ["注文", 3],
  ]);

  it("finds every dense word lying in a word, the word itself included, and nothing else", () => {
    const within = denseWordsWithin(bitOfWord);
    expect([...within("parcels")].sort()).toEqual([0, 1, 2]);
    expect([...within("parcel")].sort()).toEqual([0, 2]);
    expect([...within("excellent")]).toEqual([2]);
    expect([...within("parce")]).toEqual([]);
    expect([...within("ご注文")]).toEqual([3]);
    expect([...within("")]).toEqual([]);
  });

  it("finds them in a word far longer than any dense word", () => {
    const within = denseWordsWithin(bitOfWord);
    expect([...within(`${"x".repeat(5000)}parcel${"y".repeat(5000)}`)].sort()).toEqual([0, 2]);
  });

  it("counts a text once per dense word and day, added or taken away, and leaves out changes that cancel", () => {
    const within = denseWordsWithin(bitOfWord);
    const changes = denseDayCountChanges(
      [
        // One text holding "parcel" twice over and "cel" inside it: one count each, not three.
        { day: 10, words: ["parcel", "parcels", "hello"], sign: 1 },
        { day: 10, words: ["parcel"], sign: 1 },
        // Its earlier version, counted on day 9, moves away.
        { day: 9, words: ["parcel"], sign: -1 },
        // Replaced by the same words on the same day: no change at all.
        { day: 11, words: ["excellent"], sign: -1 },
        { day: 11, words: ["excellent"], sign: 1 },
      ],
      within,
    );
    const byKey = Object.fromEntries(changes.map((entry) => [`${entry.bit}@${entry.day}`, entry.change]));
    expect(byKey).toEqual({ "0@10": 2, "1@10": 1, "2@10": 2, "0@9": -1, "2@9": -1 });
  });
});
