import "server-only";
import { AppError } from "./app-error";

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a JSON body without trusting Content-Length, stopping as soon as it passes maxBytes.
 * Returns undefined for an empty body so the caller can say what was missing.
 */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);

  const contentType = req.headers.get("content-type") ?? "";
  const text = await readText(req, maxBytes);
  if (text.trim() === "") return undefined;
  // Requiring JSON keeps cross-site HTML forms (which cannot send it) from reaching any handler.
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(contentType)) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "Malformed JSON body");
  }
}

async function readText(req: Request, maxBytes: number): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch(() => {
      // The client went away mid-body (its socket reset): its request, not the database, failed.
      throw new AppError("BAD_REQUEST", "The request body could not be read");
    });
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

function tooLarge(maxBytes: number) {
  return new AppError("PAYLOAD_TOO_LARGE", `Request body exceeds ${Math.round(maxBytes / 1024)} KB`);
}
