// Strings of a record that hold JSON (the platform sometimes stores log data as JSON text).

/** An object or array in JSON, judged by its first and last characters (and what follows a '['). */
export function looksLikeJson(text: string): boolean {
  let start = 0;
  let end = text.length - 1;
  while (start < end && isJsonSpace(text.charCodeAt(start))) start += 1;
  while (end > start && isJsonSpace(text.charCodeAt(end))) end -= 1;
  const first = text.charCodeAt(start);
  const last = text.charCodeAt(end);
  if (first === 0x7b) return last === 0x7d;
  if (first !== 0x5b || last !== 0x5d) return false;
  // "[EMAIL]" is a placeholder, not an array: an array opens with a value or closes at once.
  let next = start + 1;
  while (next < end && isJsonSpace(text.charCodeAt(next))) next += 1;
  return next === end || '[{"-0123456789tfn'.includes(text[next]);
}

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** The object or array `text` holds, or undefined when it holds none. */
export function parseJsonContainer(text: string): object | undefined {
  if (!looksLikeJson(text)) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}
