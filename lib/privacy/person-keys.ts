// Erasure by person: a person value (person-values.ts) as stored, its HMAC-SHA-256 under the
// portal's person key secret (lib/server/privacy/person-key-secret.ts): the same value always gives
// the same key, and without the secret no key can be tested against guessed addresses or numbers.
import { createHmac } from "node:crypto";

export function personKeysOf(values: Iterable<string>, secret: Uint8Array): string[] {
  const keys: string[] = [];
  for (const value of values) keys.push(createHmac("sha256", secret).update(value, "utf8").digest("base64url"));
  return keys;
}
