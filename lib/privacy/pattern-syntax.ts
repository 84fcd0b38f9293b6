// A reading of a custom pattern's structure (a JavaScript regular expression with the u flag that
// is known to compile): its atoms, groups, alternatives and quantifiers, enough to find repeated
// groups that repeat inside (nested quantifiers) and to build test texts from its own characters.

export interface Quantifier {
  min: number;
  max: number;
}

export type PatternNode =
  | { type: "atom"; sample: string; quantifier?: Quantifier }
  | { type: "assertion"; quantifier?: Quantifier }
  | { type: "group"; alternatives: PatternNode[][]; quantifier?: Quantifier };

const ESCAPE_SAMPLES: Record<string, string> = {
  d: "1",
  D: "a",
  w: "a",
  W: "!",
  s: " ",
  S: "a",
  n: "\n",
  r: "\r",
  t: "\t",
  f: "\f",
  v: "\v",
  "0": "\0",
};
/** Characters tried, in order, as a class's sample: the first the class matches is taken. */
const CLASS_CANDIDATES = ["a", "1", " ", "A", "z", "0", "-", "_", ".", "!", "@", "é", "\n"];

/** The pattern as one group holding its alternatives. */
export function parsePattern(pattern: string): Extract<PatternNode, { type: "group" }> {
  const root: Extract<PatternNode, { type: "group" }> = { type: "group", alternatives: [[]] };
  const groups = [root];
  let index = 0;
  const current = () => groups[groups.length - 1].alternatives[groups[groups.length - 1].alternatives.length - 1];
  while (index < pattern.length) {
    const char = pattern[index];
    if (char === "\\") {
      const [node, end] = readEscape(pattern, index);
      current().push(node);
      index = end;
    } else if (char === "[") {
      const end = classEnd(pattern, index);
      current().push({ type: "atom", sample: classSample(pattern.slice(index, end)) });
      index = end;
    } else if (char === "(") {
      const group: PatternNode = { type: "group", alternatives: [[]] };
      current().push(group);
      groups.push(group);
      index = groupBodyStart(pattern, index);
    } else if (char === ")") {
      groups.pop();
      index += 1;
    } else if (char === "|") {
      groups[groups.length - 1].alternatives.push([]);
      index += 1;
    } else if (char === "*" || char === "+" || char === "?" || char === "{") {
      const [quantifier, end] = readQuantifier(pattern, index);
      const nodes = current();
      if (nodes.length > 0) nodes[nodes.length - 1].quantifier = quantifier;
      index = pattern[end] === "?" ? end + 1 : end;
    } else if (char === "^" || char === "$") {
      current().push({ type: "assertion" });
      index += 1;
    } else {
      const codePoint = String.fromCodePoint(pattern.codePointAt(index)!);
      current().push({ type: "atom", sample: char === "." ? "a" : codePoint });
      index += codePoint.length;
    }
  }
  return root;
}

function readEscape(pattern: string, index: number): [PatternNode, number] {
  const letter = pattern[index + 1];
  if (letter === "b" || letter === "B") return [{ type: "assertion" }, index + 2];
  if (letter === "p" || letter === "P") {
    const end = pattern.indexOf("}", index) + 1;
    const sample = letter === "P" ? "!" : /^\\p\{(?:N|Nd|Number|Decimal_Number)\}$/.test(pattern.slice(index, end)) ? "1" : "a";
    return [{ type: "atom", sample }, end];
  }
  if (letter === "u" && pattern[index + 2] === "{") {
    const end = pattern.indexOf("}", index) + 1;
    return [{ type: "atom", sample: String.fromCodePoint(parseInt(pattern.slice(index + 3, end - 1), 16)) }, end];
  }
  if (letter === "u") return [{ type: "atom", sample: String.fromCharCode(parseInt(pattern.slice(index + 2, index + 6), 16)) }, index + 6];
  if (letter === "x") return [{ type: "atom", sample: String.fromCharCode(parseInt(pattern.slice(index + 2, index + 4), 16)) }, index + 4];
  if (letter === "c") return [{ type: "atom", sample: String.fromCharCode(pattern.charCodeAt(index + 2) % 32) }, index + 3];
  if (letter === "k") return [{ type: "assertion" }, pattern.indexOf(">", index) + 1];
  if (/[1-9]/.test(letter)) {
    let end = index + 2;
    while (/\d/.test(pattern[end] ?? "")) end += 1;
    // A back reference repeats what its group matched: it adds no characters of its own.
    return [{ type: "assertion" }, end];
  }
  const codePoint = String.fromCodePoint(pattern.codePointAt(index + 1)!);
  return [{ type: "atom", sample: ESCAPE_SAMPLES[letter] ?? codePoint }, index + 1 + codePoint.length];
}

/** The index after the class that opens at `index`. */
function classEnd(pattern: string, index: number): number {
  let end = index + 1;
  while (end < pattern.length && pattern[end] !== "]") end += pattern[end] === "\\" ? 2 : 1;
  return end + 1;
}

function classSample(source: string): string {
  const regex = new RegExp(`^${source}$`, "u");
  const own = source.replace(/[\\^[\]-]/g, "");
  for (const candidate of [...CLASS_CANDIDATES, ...own]) if (regex.test(candidate)) return candidate;
  return "a";
}

/** The index of a group's first character after its opening: ( (?: (?= (?! (?<= (?<! (?<name>. */
function groupBodyStart(pattern: string, index: number): number {
  if (pattern[index + 1] !== "?") return index + 1;
  if (pattern[index + 2] === "<" && pattern[index + 3] !== "=" && pattern[index + 3] !== "!") return pattern.indexOf(">", index) + 1;
  return index + (pattern[index + 2] === "<" ? 4 : 3);
}

function readQuantifier(pattern: string, index: number): [Quantifier, number] {
  const char = pattern[index];
  if (char === "*") return [{ min: 0, max: Infinity }, index + 1];
  if (char === "+") return [{ min: 1, max: Infinity }, index + 1];
  if (char === "?") return [{ min: 0, max: 1 }, index + 1];
  const end = pattern.indexOf("}", index);
  const [low, high] = pattern.slice(index + 1, end).split(",");
  const min = Number(low);
  return [{ min, max: high === undefined ? min : high === "" ? Infinity : Number(high) }, end + 1];
}
