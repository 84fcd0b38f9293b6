import { UNLISTED_WORD_ID } from "../search-words";

// PostgreSQL counts the texts holding a common word from a compact copy of which common words each
// text holds (dense-words.ts), not from the texts' word lists: a word in a
// third of the texts otherwise means reading a third of the range's rows, with all their word ids.
// Each common ("dense") word owns one bit of DENSE_WORD_CAPACITY, and each text keeps its bits in
// DENSE_WORD_COLUMNS signed 64-bit columns. A word becomes dense when a large batch of stored texts
// shows it to be common, and keeps its bit for good.

export const DENSE_WORD_COLUMNS = 8;
const BITS_PER_COLUMN = 64;
export const DENSE_WORD_CAPACITY = DENSE_WORD_COLUMNS * BITS_PER_COLUMN;
/** Fewer texts than this tell too little of which words are common. */
export const DENSE_SAMPLE_MIN_TEXTS = 1000;
/** The share of a batch's texts from which a word is counted as common. */
const DENSE_MIN_SHARE = 0.02;

/** The column of a bit, and its place in that column's 64 bits. */
export function denseBitPlace(bit: number): { column: number; shift: number } {
  return { column: Math.floor(bit / BITS_PER_COLUMN), shift: bit % BITS_PER_COLUMN };
}

/** One bit as the signed 64-bit value of its column (bit 63 of a column is its sign). */
export function denseBitValue(bit: number): bigint {
  return BigInt.asIntN(64, 1n << BigInt(denseBitPlace(bit).shift));
}

/**
 * The bits of the dense words by word id (-1 for a word that is not dense), as one array: storing
 * a batch of thousands of texts looks up hundreds of thousands of word ids, and an array lookup
 * costs a fraction of a Map's.
 */
export function denseBitsById(bitOf: ReadonlyMap<number, number>): Int16Array {
  const bitsById = new Int16Array(largestId(bitOf.keys()) + 1).fill(-1);
  for (const [id, bit] of bitOf) bitsById[id] = bit;
  return bitsById;
}

/** The largest of some word ids, -1 when there are none: the length of an array indexed by them, less one. */
export function largestId(ids: Iterable<number>): number {
  let largest = -1;
  for (const id of ids) if (id > largest) largest = id;
  return largest;
}

function bitOfId(bitsById: Int16Array, id: number): number {
  return id < bitsById.length ? bitsById[id] : -1;
}

/**
 * A text's columns: bit b of the whole set when the text holds the word owning bit b. Kept as two
 * 32-bit halves per column while collecting, so that only columns with bits set become BigInts.
 */
export function denseColumnsOf(wordIds: readonly number[], bitsById: Int16Array): bigint[] {
  const halves = new Uint32Array(DENSE_WORD_COLUMNS * 2);
  for (const id of wordIds) {
    const bit = bitOfId(bitsById, id);
    if (bit >= 0) halves[bit >> 5] |= 1 << (bit & 31);
  }
  const columns: bigint[] = [];
  for (let column = 0; column < DENSE_WORD_COLUMNS; column++) {
    const [low, high] = [halves[column * 2], halves[column * 2 + 1]];
    columns.push(low === 0 && high === 0 ? 0n : BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low)));
  }
  return columns;
}

/** A text's word ids as the word index keeps them: without its dense words, which its bits hold. */
export function indexedWordIds(wordIds: readonly number[], bitsById: Int16Array): number[] {
  return wordIds.filter((id) => bitOfId(bitsById, id) < 0);
}

/** The masks of a set of bits, one per column (0 where none of them lies). */
export function denseMasks(bits: Iterable<number>): bigint[] {
  const masks = new Array<bigint>(DENSE_WORD_COLUMNS).fill(0n);
  for (const bit of bits) {
    const { column } = denseBitPlace(bit);
    masks[column] = BigInt.asIntN(64, masks[column] | denseBitValue(bit));
  }
  return masks;
}

/**
 * The words a batch shows to be common that have no bit yet, with the lowest free bits: those in at
 * least DENSE_MIN_SHARE of the batch's texts, most common first, while bits are free. A batch of
 * fewer than DENSE_SAMPLE_MIN_TEXTS texts chooses none. Words too short for any search to be
 * counted through them (`shortWordIds`: "a", "my") never take a bit from one that could be.
 */
export function newDenseWords(
  wordIdsOfTexts: readonly (readonly number[])[],
  bitOf: ReadonlyMap<number, number>,
  shortWordIds: ReadonlySet<number> = new Set(),
): { wordId: number; bit: number }[] {
  if (wordIdsOfTexts.length < DENSE_SAMPLE_MIN_TEXTS || bitOf.size >= DENSE_WORD_CAPACITY) return [];
  // Counted by id in an array (a batch holds hundreds of thousands of ids), then the common ones checked.
  let maxId = -1;
  for (const ids of wordIdsOfTexts) maxId = Math.max(maxId, largestId(ids));
  const texts = new Int32Array(maxId + 1);
  for (const ids of wordIdsOfTexts) for (const id of ids) texts[id]++;
  const least = Math.ceil(DENSE_MIN_SHARE * wordIdsOfTexts.length);
  const common: [number, number][] = [];
  texts.forEach((count, id) => {
    if (count >= least && id !== UNLISTED_WORD_ID && !bitOf.has(id) && !shortWordIds.has(id)) common.push([id, count]);
  });
  common.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const taken = new Set(bitOf.values());
  const chosen: { wordId: number; bit: number }[] = [];
  let bit = 0;
  for (const [wordId] of common) {
    while (bit < DENSE_WORD_CAPACITY && taken.has(bit)) bit++;
    if (bit >= DENSE_WORD_CAPACITY) break;
    chosen.push({ wordId, bit });
    bit++;
  }
  return chosen;
}

/**
 * The bits of the dense words lying within a word (the word itself included), remembered per word:
 * a search for a dense word finds every text holding one of the words it lies in. Only substrings
 * of the lengths that dense words have are looked up.
 */
export function denseWordsWithin(bitOfWord: ReadonlyMap<string, number>): (word: string) => readonly number[] {
  const lengths = [...new Set([...bitOfWord.keys()].map((word) => word.length))].sort((a, b) => a - b);
  const found = new Map<string, readonly number[]>();
  return (word) => {
    let bits = found.get(word);
    if (bits) return bits;
    const within = new Set<number>();
    for (const length of lengths) {
      if (length > word.length) break;
      for (let start = 0; start + length <= word.length; start++) {
        const bit = bitOfWord.get(word.slice(start, start + length));
        if (bit !== undefined) within.add(bit);
      }
    }
    bits = [...within];
    found.set(word, bits);
    return bits;
  };
}

/**
 * How a write changes the number of texts of each day holding each dense word: every text it adds
 * counts once for each dense word lying within one of its words, and every text it replaces or
 * moves counts the same way against its old day. Changes that cancel out are left out. Words may be
 * given as anything bitsWithin reads (word ids, whose lookups cost less than a word's).
 */
export function denseDayCountChanges<Word>(
  texts: readonly { day: number; words: readonly Word[]; sign: 1 | -1 }[],
  bitsWithin: (word: Word) => readonly number[],
): { bit: number; day: number; change: number }[] {
  const perDay = new Map<number, Int32Array>();
  // The last text that counted each bit, so that a text counts once per word however often it holds it.
  const countedBy = new Int32Array(DENSE_WORD_CAPACITY).fill(-1);
  // Indexed loops: a batch of thousands of texts has hundreds of thousands of words.
  for (let index = 0; index < texts.length; index++) {
    const { day, words, sign } = texts[index];
    let counts = perDay.get(day);
    if (!counts) perDay.set(day, (counts = new Int32Array(DENSE_WORD_CAPACITY)));
    for (let position = 0; position < words.length; position++) {
      const bits = bitsWithin(words[position]);
      for (let k = 0; k < bits.length; k++) {
        const bit = bits[k];
        if (countedBy[bit] === index) continue;
        countedBy[bit] = index;
        counts[bit] += sign;
      }
    }
  }
  const changes: { bit: number; day: number; change: number }[] = [];
  for (const [day, counts] of perDay) {
    counts.forEach((change, bit) => {
      if (change !== 0) changes.push({ bit, day, change });
    });
  }
  return changes;
}
