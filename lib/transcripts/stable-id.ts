// Ids for records that arrive without one, derived from their content so that importing the same
// record twice yields the same id (and so updates instead of duplicating). Pure JS, no Node crypto,
// since this module is shared with client code.

/** cyrb53: a fast, well-mixed 53-bit string hash. */
function cyrb53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A 24-character hex id (the length of the platform's ids) derived from the text. */
export function stableId(text: string): string {
  return (cyrb53(text, 1).toString(16).padStart(14, "0") + cyrb53(text, 2).toString(16).padStart(14, "0")).slice(0, 24);
}

/** A number in [0, modulo) derived from the text. */
export function stableHash(text: string, modulo: number): number {
  return cyrb53(text, 7) % modulo;
}
