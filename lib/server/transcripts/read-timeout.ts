// The failure of a store read that ran past, or waited past, its time budget (store-connection.ts).
// PostgreSQL reports its own statement_timeout with its code 57014; error-response.ts maps both to 503.

export const READ_TIMEOUT_CODE = "STORE_READ_TIMEOUT";

export function readTimeoutError(message: string): Error {
  return Object.assign(new Error(message), { code: READ_TIMEOUT_CODE });
}
