/** The text on one line: every run of whitespace (line breaks included) as one space, trimmed. */
export function singleLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
