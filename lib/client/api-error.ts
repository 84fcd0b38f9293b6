// A failed call raises an error reading `${status}: ${body or status text}`;
// the screens show the server's `message` field when there is one, else a fallback.

export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.bodyText = bodyText;
  }
}

/** The `message` field of a JSON error body, if there is a non-blank one. */
function messageField(text: string): string | null {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "message" in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === "string" && message.trim()) return message;
    }
  } catch {
    // Not JSON: there is no message field.
  }
  return null;
}

/**
 * The text to show for a failed call: the server's message field, else the fallback. Errors of
 * other kinds (a network failure) also fall back, so raw exception texts never reach a toast.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return messageField(error.bodyText) ?? fallback;
  if (error instanceof Error) {
    // An error that carries "status: body" text (for example from the default query function).
    const match = error.message.match(/^\d{3}: ([\s\S]*)$/);
    if (match) return messageField(match[1]) ?? fallback;
  }
  return fallback;
}
