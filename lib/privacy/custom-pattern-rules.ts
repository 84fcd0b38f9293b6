// The rules a custom pattern (name + regular expression) must meet before it is saved, checked
// without running it on long texts: a name that makes a well-formed placeholder, a bounded length,
// compiling with the u flag, no repeated group that repeats inside (nested quantifiers such as
// (a+)+, the classic catastrophic backtracking), and no empty match. pattern-timing.ts then runs the
// pattern against adversarial texts (built here from its own characters) under a time limit.
import { parsePattern, type PatternNode } from "./pattern-syntax";
import { BUILT_IN_PLACEHOLDER_NAMES, PLACEHOLDER_NAME_MAX_LENGTH } from "./placeholders";

export const CUSTOM_PATTERN_MAX_LENGTH = 200;
export const CUSTOM_PATTERN_NAME_MAX_LENGTH = PLACEHOLDER_NAME_MAX_LENGTH;
/** A repeated group may repeat inside a bounded number of times: (\d{1,3}\.){3} is fine. */
const MAX_NESTED_REPETITIONS = 1000;
const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
const RESERVED_NAMES = new Set(Object.values(BUILT_IN_PLACEHOLDER_NAMES));

/** Why `name` cannot name a custom pattern, or null. */
export function customPatternNameProblem(name: string): string | null {
  if (name.trim() === "") return "Name is required";
  if (name.length > CUSTOM_PATTERN_NAME_MAX_LENGTH) return `Name must be at most ${CUSTOM_PATTERN_NAME_MAX_LENGTH} characters`;
  if (!NAME_PATTERN.test(name)) return "Name must start with a letter and hold only letters, digits and '_'";
  if (RESERVED_NAMES.has(name.toUpperCase())) return `Name ${name.toUpperCase()} is taken by a built-in kind`;
  return null;
}

/** Why `pattern` cannot be a custom pattern, judged without running it on long texts, or null. */
export function customPatternProblem(pattern: string): string | null {
  if (pattern === "") return "Pattern is required";
  if (pattern.length > CUSTOM_PATTERN_MAX_LENGTH) return `Pattern must be at most ${CUSTOM_PATTERN_MAX_LENGTH} characters`;
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, "gu");
  } catch (error) {
    return `Pattern is not a valid regular expression: ${(error as Error).message}`;
  }
  const tree = parsePattern(pattern);
  if (hasNestedRepetition(tree)) return "Pattern repeats a group that repeats inside (like (a+)+), which can take exponential time";
  // One character at most: no pattern can backtrack for long on these.
  const probes = ["", "a", "1", " ", ...samples(tree)];
  if (probes.some((probe) => hasEmptyMatch(regex, probe))) return "Pattern matches the empty string";
  return null;
}

export function hasEmptyMatch(regex: RegExp, text: string): boolean {
  regex.lastIndex = 0;
  for (let match = regex.exec(text); match; match = regex.exec(text)) {
    if (match[0] === "") return true;
  }
  return false;
}

/** The largest number of times a variable quantifier inside may repeat (1 when none does). */
function innerRepetition(nodes: readonly PatternNode[]): number {
  let largest = 1;
  for (const node of nodes) {
    const { quantifier } = node;
    if (quantifier && quantifier.max > quantifier.min) largest = Math.max(largest, quantifier.max);
    if (node.type === "group") for (const alternative of node.alternatives) largest = Math.max(largest, innerRepetition(alternative));
  }
  return largest;
}

function hasNestedRepetition(node: PatternNode): boolean {
  if (node.type !== "group") return false;
  const outer = node.quantifier?.max ?? 1;
  if (outer > 1) {
    const inner = Math.max(...node.alternatives.map(innerRepetition));
    if (inner > 1 && (outer === Infinity || inner === Infinity || outer * inner > MAX_NESTED_REPETITIONS)) return true;
  }
  return node.alternatives.some((alternative) => alternative.some(hasNestedRepetition));
}

/** The distinct characters the pattern's atoms stand for. */
function samples(tree: PatternNode): string[] {
  const found = new Set<string>();
  const visit = (node: PatternNode) => {
    if (node.type === "atom") found.add(node.sample);
    else if (node.type === "group") node.alternatives.forEach((alternative) => alternative.forEach(visit));
  };
  visit(tree);
  return [...found];
}

/**
 * A text the pattern's first alternatives would read, with each outermost repeated atom or group
 * `count` times (what is inside it once), so that its length grows linearly with `count`.
 */
function sentence(node: PatternNode, count: number, limit: number): string {
  if (node.type === "assertion") return "";
  const isPumped = node.quantifier !== undefined && node.quantifier.max > 1;
  const inner = isPumped ? 1 : count;
  const once = node.type === "atom" ? node.sample : node.alternatives[0].map((child) => sentence(child, inner, limit)).join("");
  const times = isPumped ? Math.max(node.quantifier!.min, count) : Math.max(node.quantifier?.min ?? 1, 1);
  return once.repeat(Math.min(times, limit));
}

/**
 * Texts of about `length` characters that make a backtracking pattern slow: the pattern's own
 * sentence with every repetition pumped, runs of each of its characters and of pairs of them, and
 * generic runs (letters, digits, spaces), each ending in a character that spoils a match.
 */
export function adversarialInputs(pattern: string, length: number): string[] {
  const tree = parsePattern(pattern);
  const chars = samples(tree).slice(0, 16);
  const run = (unit: string) => unit.repeat(Math.max(1, Math.floor(length / Math.max(1, unit.length))));
  const once = sentence(tree, 1, length);
  const perCount = sentence(tree, 2, length).length - once.length;
  const pumped = perCount > 0 ? sentence(tree, Math.max(1, Math.floor((length - once.length) / perCount) + 1), length) : once;
  const units = new Set<string>(["a", "1", " ", "a ", "1 ", "a1", "\t"]);
  for (const char of chars) units.add(char);
  for (let index = 0; index + 1 < chars.length; index++) units.add(chars[index] + chars[index + 1]);
  const inputs = [pumped, `${pumped}!`, `${pumped}\u0000`];
  for (const unit of units) inputs.push(`${run(unit)}!`, `${run(unit)}\u0000`);
  return inputs;
}
