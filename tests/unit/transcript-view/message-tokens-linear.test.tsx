/**
 * @jest-environment node
 */
// Anyone holding an ingest key chooses a message's text, and the reviewer's browser tokenises and
// renders it (lib/transcript-view/message-tokens.ts). Tokenising must take time linear in the
// text's length, whatever the text. The node environment gives the URL parser that browsers and
// servers have (jsdom's is written in JavaScript).
import { renderToStaticMarkup } from "react-dom/server";
import { inlineTokens, messageTokens, trimUrl } from "@/lib/transcript-view/message-tokens";
import { MessageContent } from "@/components/transcript/message-content";

const SMALL = 250_000;
const LARGE = 1_000_000;
/**
 * A megabyte of text tokenises, and renders, within this: a few times what it takes on a busy
 * machine, and a thousandth of what a quadratic pass over it would.
 */
const BUDGET_MS = 250;
/**
 * Linear time makes 1 MB take about 4 times what 250 KB takes; quadratic time 16 times. Texts this
 * large keep the processor's caches and the timer's resolution out of the ratio.
 */
const MAX_GROWTH = 10;
/**
 * Linear time makes 1 MB take about what four texts of 250 KB take; quadratic time 4 times that.
 */
const DENSE_MAX_GROWTH = 2.5;
/**
 * Texts dense with tokens allocate one per few characters: a megabyte of them takes up to about a
 * second on a busy machine, where a quadratic pass would take minutes. Measuring also stops after a
 * run this long, so that a quadratic tokeniser fails at once.
 */
const GIVE_UP_MS = 5_000;

/** `unit` repeated to exactly `length` characters. */
const repeatTo = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/**
 * The least processor time, in milliseconds, that `work` took in a few runs: processor time rather
 * than the clock's, and the least of several, so that other work on the machine does not count.
 */
function fastest(work: () => unknown, runs = 5): number {
  let best = Infinity;
  for (let run = 0; run < runs; run++) {
    const start = process.cpuUsage();
    work();
    const { user, system } = process.cpuUsage(start);
    best = Math.min(best, (user + system) / 1000);
    if (best > GIVE_UP_MS) break;
  }
  return best;
}

// Each builds a text of the given length on which a backtracking pattern would go over a long run
// again and again: a URL's trailing punctuation, bold markers, list starts, colons.
const ADVERSARIAL: [string, (length: number) => string][] = [
  ["a URL, a run of dots, a letter", (length) => `http://a${".".repeat(length - 9)}x`],
  ["a URL ending in a run of dots", (length) => `http://a${".".repeat(length - 8)}`],
  ["a URL ending in unopened closing brackets", (length) => `https://a.example/x${")".repeat(length - 19)}`],
  ["a URL ending in closing brackets and marks in turn", (length) => `https://a.example/x${repeatTo(").]!}?", length - 19)}`],
  [
    "a URL of opening brackets, then as many closing ones",
    (length) => `https://a.example/${"(".repeat(length / 2 - 9)}${")".repeat(length / 2 - 9)}`,
  ],
  ["a run of http:// prefixes", (length) => repeatTo("http://", length)],
  ["punctuation with colons", (length) => repeatTo(".,;:!?'\"*", length)],
  ["'Reference' without its colon", (length) => repeatTo("Reference ", length)],
  ["bold markers that never close", (length) => repeatTo("**a ", length)],
  ["one unclosed bold marker", (length) => `**${"a".repeat(length - 2)}`],
  ["a run of asterisks", (length) => "*".repeat(length)],
  ["bold markers around spaces", (length) => repeatTo("** ", length)],
  ["spaces before something that is not a list marker", (length) => `${" ".repeat(length - 1)}x`],
  ["spaces before a list marker without a space after it", (length) => `${" ".repeat(length - 3)}1.x`],
  ["a run of digits where a list number could be", (length) => `${"1".repeat(length - 2)}. `],
];

// Each repeats a unit that holds a token or a line break: more to allocate per character than
// above, and as many links, spans or paragraphs for the page to render.
const DENSE: [string, string, number][] = [
  ["a link every 11 characters", "http://a.b ", 2],
  ["'Reference:' every 11 characters", "Reference: ", 2],
  ["a bold span every 6 characters", "**a** ", 2],
  ["a list item every 4 characters", "- a\n", 1],
  ["a line break every character", "\n", 0],
];

describe("message tokens take time linear in the message's length", () => {
  it.each(ADVERSARIAL)("%s: 1 MB tokenises within 250 ms, about 4 times the time of 250 KB", (_, build) => {
    const small = build(SMALL);
    const large = build(LARGE);
    expect([small.length, large.length]).toEqual([SMALL, LARGE]);
    const smallMs = fastest(() => messageTokens(small));
    expect(smallMs).toBeLessThan(BUDGET_MS);
    const largeMs = fastest(() => messageTokens(large));
    expect(largeMs).toBeLessThan(BUDGET_MS);
    expect(largeMs).toBeLessThan(MAX_GROWTH * Math.max(smallMs, 0.5));
  });

  it.each(ADVERSARIAL)("%s: the message of 1 MB renders within 250 ms", (_, build) => {
    const large = build(LARGE);
    expect(fastest(() => renderToStaticMarkup(<MessageContent text={large} />))).toBeLessThan(BUDGET_MS);
  });

  it.each(DENSE)("%s: 1 MB tokenises into every token, in about the time of four texts of 250 KB", (_, unit, tokensPerUnit) => {
    const units = 4 * Math.floor(LARGE / unit.length / 4);
    const large = unit.repeat(units);
    const small = unit.repeat(units / 4);
    const tokenCount = () => messageTokens(large).reduce((count, line) => count + line.tokens.length, 0);
    expect(tokenCount()).toBe(units * tokensPerUnit);
    // Both sides allocate and keep the same tokens, so that the collector's work is the same in each.
    const fourSmallMs = fastest(() => [small, small, small, small].map((text) => messageTokens(text)));
    const largeMs = fastest(() => messageTokens(large));
    expect(largeMs).toBeLessThan(GIVE_UP_MS);
    expect(largeMs).toBeLessThan(DENSE_MAX_GROWTH * Math.max(fourSmallMs, 0.5));
  });
});

describe("the scans find what the patterns define", () => {
  // Short texts from a generator with a fixed seed: the same texts on every run.
  function randomTexts(pieces: string[]): string[] {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    return Array.from({ length: 5_000 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 12) }, () => pieces[Math.floor(next() * pieces.length)]).join(""),
    );
  }

  it("bold spans are the lazy matches of **(?=\\S)(…\\S)**", () => {
    const BOLD = /\*\*(?=\S)([\s\S]*?\S)\*\*/g;
    const differing = randomTexts(["*", "**", " ", "a", "\t", "\u00a0", "b*"]).filter((text) => {
      const tokens = inlineTokens(text);
      const joined = (strong: boolean) =>
        tokens.map((token) => (token.kind === "text" && token.strong === strong ? token.text : "")).join("");
      return joined(true) !== [...text.matchAll(BOLD)].map((match) => match[1]).join("") || joined(false) !== text.replace(BOLD, "");
    });
    expect(differing).toEqual([]);
  });

  it("a URL loses trailing marks, and closing brackets it did not open, as repeated trimming takes them", () => {
    const trimByPatterns = (candidate: string): string => {
      const trimmed = candidate.replace(/[.,;:!?'"*]+$/, "");
      const closer = trimmed.slice(-1);
      const opener = { ")": "(", "]": "[", "}": "{" }[closer];
      const count = (char: string) => trimmed.split(char).length - 1;
      return opener && count(closer) > count(opener) ? trimByPatterns(trimmed.slice(0, -1)) : trimmed;
    };
    const urls = randomTexts(["(", ")", "[", "]", "{", "}", ".", ",", "!", "?", "*", ":", "a"]).map((tail) => `https://a.example/${tail}`);
    expect(urls.filter((url) => trimUrl(url) !== trimByPatterns(url))).toEqual([]);
  });
});
