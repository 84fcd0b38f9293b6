// The one error vocabulary of the server: services throw AppError, route() maps it to HTTP.

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds a throttled client should wait (429 only). */
  readonly retryAfterSeconds?: number;

  constructor(code: ErrorCode, message: string, options?: { retryAfterSeconds?: number }) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string) => new AppError("BAD_REQUEST", message);
export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const unauthorized = (message = "Authentication required") => new AppError("UNAUTHORIZED", message);
