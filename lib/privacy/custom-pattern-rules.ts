// The rule a custom pattern's name must meet before it is saved: a name that makes a well-formed
// placeholder, not one of the built-in kinds'. The pattern itself is judged by the engine that runs
// it (pattern-engine.ts).
import { BUILT_IN_PLACEHOLDER_NAMES, PLACEHOLDER_NAME_MAX_LENGTH } from "./placeholders";

export const CUSTOM_PATTERN_NAME_MAX_LENGTH = PLACEHOLDER_NAME_MAX_LENGTH;
const NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
const RESERVED_NAMES = new Set(Object.values(BUILT_IN_PLACEHOLDER_NAMES));

/** Why `name` cannot name a custom pattern, or null. */
export function customPatternNameProblem(name: string): string | null {
  if (name.trim() === "") return "Enter a name";
  if (name.length > CUSTOM_PATTERN_NAME_MAX_LENGTH) return `Names can be at most ${CUSTOM_PATTERN_NAME_MAX_LENGTH} characters long`;
  if (!NAME_PATTERN.test(name)) return "Names must start with a letter and hold only letters, digits and _";
  if (RESERVED_NAMES.has(name.toUpperCase())) return `The name ${name.toUpperCase()} is taken by a built-in kind`;
  return null;
}
