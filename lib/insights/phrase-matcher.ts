// Administrator phrases ("sorry, i didn't get that", "agent") are found in texts case-
// and accent-insensitively, as whole words: "agent" matches "an agent, please" but not "reagent"
// or "agents". Phrase and text are folded alike (fold-text.ts), and any run of spaces and
// punctuation between words matches any other: "Sorry,  I didn’t get that!" holds "sorry, i
// didn't get that". At an edge that is a letter of a script written without spaces (Japanese,
// Chinese, Thai, ...) a phrase needs no word boundary: "担当者" matches inside "担当者と話したい".
//
// The phrases are compiled once into one regular expression (and a plain-ASCII twin, for the
// texts that are plain ASCII once folded, which most are); a text is folded character by character
// and searched once, so the cost of a text is linear in its length for a given list of phrases.
import { foldCharacters, foldText, NO_SPACE_SCRIPT_CHARACTER } from "./fold-text";

export interface PhraseMatcher {
  /** The distinct folded phrases, in the order given. */
  readonly phrases: readonly string[];
  /** Whether any phrase occurs in any of the texts. */
  matchesAny(texts: readonly string[]): boolean;
}

const NON_ASCII = /[^\x00-\x7f]/;
const NEEDS_FOLDING = /[^\x00-\x26\x28-\x5f\x61-\x7f]/;

const ASCII_SYNTAX = { word: "[a-z0-9]", separators: "[^a-z0-9]+", flags: "" };
const UNICODE_SYNTAX = { word: "[\\p{L}\\p{N}\\p{M}]", separators: "[^\\p{L}\\p{N}\\p{M}]+", flags: "u" };

export function compilePhraseMatcher(phrases: readonly string[]): PhraseMatcher {
  const folded = [...new Set(phrases.map(foldText).filter((phrase) => phrase !== ""))];
  const asciiPhrases = folded.filter((phrase) => !NON_ASCII.test(phrase));
  const inAsciiText = asciiPhrases.length > 0 ? phrasesExpression(asciiPhrases, ASCII_SYNTAX) : null;
  const inAnyText = folded.length > 0 ? phrasesExpression(folded, UNICODE_SYNTAX) : null;
  return {
    phrases: folded,
    matchesAny(texts) {
      if (inAnyText === null) return false;
      for (const text of texts) {
        const lower = text.toLowerCase();
        // Lower case is the whole fold of a text of ASCII without apostrophes, as most are.
        if (!NEEDS_FOLDING.test(lower)) {
          if (inAsciiText !== null && inAsciiText.test(lower)) return true;
          continue;
        }
        const characters = foldCharacters(lower);
        const expression = NON_ASCII.test(characters) ? inAnyText : inAsciiText;
        if (expression !== null && expression.test(characters)) return true;
      }
      return false;
    },
  };
}

function phrasesExpression(phrases: readonly string[], syntax: typeof ASCII_SYNTAX): RegExp {
  // Folded phrases hold letters, digits and marks between single spaces: nothing to escape.
  const alternatives = phrases.map((phrase) => {
    const characters = Array.from(phrase);
    const before = NO_SPACE_SCRIPT_CHARACTER.test(characters[0]) ? "" : `(?<!${syntax.word})`;
    const after = NO_SPACE_SCRIPT_CHARACTER.test(characters[characters.length - 1]) ? "" : `(?!${syntax.word})`;
    return `${before}${phrase.split(" ").join(syntax.separators)}${after}`;
  });
  return new RegExp(alternatives.join("|"), syntax.flags);
}
