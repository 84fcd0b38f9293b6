// The typed placeholders that replace redacted values (Redaction), and the split of a
// message text into plain text and placeholders that the transcript page renders as badges.

export const BUILT_IN_KINDS = ["email", "phone", "card", "iban", "ip"] as const;
export type BuiltInKind = (typeof BUILT_IN_KINDS)[number];

/** Placeholder names: the built-in kinds' and the administrators' own (upper-case, letters, digits, '_'). */
export const BUILT_IN_PLACEHOLDER_NAMES: Record<BuiltInKind, string> = {
  email: "EMAIL",
  phone: "PHONE",
  card: "CARD",
  iban: "IBAN",
  ip: "IP",
};

/** A placeholder name: a letter, then letters, digits or '_', all upper-case. */
export const PLACEHOLDER_NAME_PATTERN = /^[A-Z][A-Z0-9_]*$/;
export const PLACEHOLDER_NAME_MAX_LENGTH = 40;

/** `[EMAIL]` for "EMAIL"; custom names are upper-cased so that every placeholder has one form. */
export function placeholder(name: string): string {
  return `[${name.toUpperCase()}]`;
}

export type PlaceholderToken = { kind: "text"; text: string } | { kind: "placeholder"; name: string; text: string };

/**
 * Cuts a text into text and placeholder tokens. Only the built-in placeholders and those named in
 * `customNames` are placeholders, so that a "[NOTE]" someone typed stays text. Adjacent text is one
 * token; an empty text gives no tokens.
 */
export function splitPlaceholders(text: string, customNames: readonly string[] = []): PlaceholderToken[] {
  const names = placeholderNames(customNames);
  const tokens: PlaceholderToken[] = [];
  let textStart = 0;
  let open = text.indexOf("[");
  // The first ']' after `open`; every '[' before it shares it, so each is looked for once.
  let close = -1;
  while (open >= 0) {
    if (close < open) {
      close = text.indexOf("]", open + 1);
      if (close < 0) break;
    }
    const length = close - open - 1;
    const name = length >= 1 && length <= PLACEHOLDER_NAME_MAX_LENGTH ? text.slice(open + 1, close) : "";
    if (names.has(name)) {
      if (open > textStart) tokens.push({ kind: "text", text: text.slice(textStart, open) });
      tokens.push({ kind: "placeholder", name, text: `[${name}]` });
      textStart = close + 1;
      open = text.indexOf("[", textStart);
    } else {
      // A '[' inside the candidate may open the next placeholder: "[[EMAIL]".
      open = text.indexOf("[", open + 1);
    }
  }
  if (textStart < text.length) tokens.push({ kind: "text", text: text.slice(textStart) });
  return tokens;
}

/** The built-in names and the given custom names, upper-cased. */
export function placeholderNames(customNames: readonly string[]): Set<string> {
  const names = new Set(Object.values(BUILT_IN_PLACEHOLDER_NAMES));
  for (const name of customNames) names.add(name.toUpperCase());
  return names;
}
