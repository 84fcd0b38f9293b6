// Repeated question: two questions are essentially the same when their normalised forms
// (normalize-question.ts) are
// - equal ("Where is my order NW-1?" and "where is my order nw-2"), or
// - near-equal in words: the sets of their tokens overlap by a Jaccard index of at least 0.8
//   ("where is my order" and "where is my order NW-1": 4 of 5), or
// - near-equal in letters: at most one edit (a letter inserted, removed or changed) per ten
//   characters of the longer form ("where is my ordr" and "where is my order"); forms shorter than
//   ten characters must be equal, as in a word or two one letter can change the meaning
//   ("shipping", "shopping").
// Scripts written without spaces make a question a single token, so for them the letters decide.
// The edit distance is computed only within its band (at most 2k+1 cells a row for a limit of k),
// and stops as soon as the limit is out of reach: a pair of forms costs at most
// QUESTION_GROUP_MAX_LENGTH rows of 2k+1 cells.

export const NEAR_DUPLICATE_MIN_JACCARD = 0.8;
/** Edits allowed per character of the longer form. */
export const NEAR_DUPLICATE_EDITS_PER_CHARACTER = 0.1;

export interface QuestionForm {
  key: string;
  /** The distinct tokens of the normalised question. */
  tokenSet: ReadonlySet<string>;
}

export function questionForm(key: string, tokens: readonly string[]): QuestionForm {
  return { key, tokenSet: new Set(tokens) };
}

export function areNearDuplicates(a: QuestionForm, b: QuestionForm): boolean {
  if (a.key === b.key) return true;
  if (overlapsEnough(a.tokenSet, b.tokenSet)) return true;
  const limit = Math.floor(Math.max(a.key.length, b.key.length) * NEAR_DUPLICATE_EDITS_PER_CHARACTER);
  return limit > 0 && isWithinEditDistance(a.key, b.key, limit);
}

/** Whether any two of the questions are near-duplicates. Pairs: n(n-1)/2, so callers bound n. */
export function hasNearDuplicates(forms: readonly QuestionForm[]): boolean {
  const keys = new Set<string>();
  for (const form of forms) {
    if (keys.has(form.key)) return true;
    keys.add(form.key);
  }
  for (let i = 1; i < forms.length; i++) {
    for (let j = 0; j < i; j++) if (areNearDuplicates(forms[i], forms[j])) return true;
  }
  return false;
}

/** Whether the Jaccard index of the two sets (shared over all) reaches NEAR_DUPLICATE_MIN_JACCARD. */
function overlapsEnough(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  // The index is at most the smaller size over the larger: most pairs stop here.
  if (Math.min(a.size, b.size) < NEAR_DUPLICATE_MIN_JACCARD * Math.max(a.size, b.size)) return false;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared += 1;
  return shared >= NEAR_DUPLICATE_MIN_JACCARD * (a.size + b.size - shared);
}

/** Whether a can be turned into b with at most `limit` single-character edits (UTF-16 units). */
export function isWithinEditDistance(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  const outside = limit + 1;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j <= limit ? j : outside;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    current[from - 1] = from === 1 && i <= limit ? i : outside;
    let rowMinimum = current[from - 1];
    for (let j = from; j <= to; j++) {
      const substitution = previous[j - 1] + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1);
      const deletion = (j <= i - 1 + limit ? previous[j] : outside) + 1;
      const insertion = current[j - 1] + 1;
      const cell = Math.min(substitution, deletion, insertion, outside);
      current[j] = cell;
      if (cell < rowMinimum) rowMinimum = cell;
    }
    if (to < b.length) current[to + 1] = outside;
    if (rowMinimum > limit) return false;
    [previous, current] = [current, previous];
  }
  return previous[b.length] <= limit;
}
