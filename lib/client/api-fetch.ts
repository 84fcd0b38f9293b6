// Every call sends cookies, the stored token as a bearer header, and a JSON
// content type when it has a body; a non-OK answer raises an ApiError.
import { ApiError } from "./api-error";
import { readStoredToken } from "./session-storage";

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * Registers what happens when a call made with a token gets 401 (the session was revoked or
 * ended on the server): the session provider signs the user out. Returns an unregister function.
 */
export function onUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const bodyText = await res.text().catch(() => "");
  throw new ApiError(res.status, res.statusText, bodyText);
}

export async function apiFetch(method: string, url: string, body?: unknown): Promise<Response> {
  const token = readStoredToken();
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  if (res.status === 401 && token) unauthorizedHandler?.();
  return res;
}

/** Sends a request and returns the parsed JSON answer, or throws an ApiError. */
export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiFetch(method, url, body);
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}
