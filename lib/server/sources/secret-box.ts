import "server-only";
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

// Sources' API keys at rest: AES-256-GCM under SOURCES_ENCRYPTION_KEY (32 bytes, base64 or hex;
// `openssl rand -base64 32`). A sealed value names its key by a short fingerprint, so that after a
// rotation the previous key (SOURCES_ENCRYPTION_KEY_PREVIOUS) still opens what it sealed until
// `npm run sources:rotate-key` has sealed everything again under the current one.

const FORMAT = "v1";
const AAD = Buffer.from("transcript-portal:source-api-key");

export class SecretKeyError extends Error {}

interface KeyRingKey {
  id: string;
  key: Buffer;
}

/** A 32-byte key from its base64 (44 characters) or hex (64 characters) text. Throws SecretKeyError. */
export function parseEncryptionKey(text: string, variable: string): KeyRingKey {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)
      ? Buffer.from(
          trimmed.replace(/[-_]/g, (c) => (c === "-" ? "+" : "/")),
          "base64",
        )
      : null;
  if (!key || key.length !== 32) {
    throw new SecretKeyError(`${variable} must be 32 bytes in base64 or hex (generate one with: openssl rand -base64 32)`);
  }
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 8), key };
}

function keyRing(): { current: KeyRingKey | null; previous: KeyRingKey | null } {
  const current = process.env.SOURCES_ENCRYPTION_KEY?.trim();
  const previous = process.env.SOURCES_ENCRYPTION_KEY_PREVIOUS?.trim();
  return {
    current: current ? parseEncryptionKey(current, "SOURCES_ENCRYPTION_KEY") : null,
    previous: previous ? parseEncryptionKey(previous, "SOURCES_ENCRYPTION_KEY_PREVIOUS") : null,
  };
}

/** Seals a secret under the current key: "v1.<key id>.<iv>.<tag>.<ciphertext>" (base64url). Throws SecretKeyError. */
export function sealSecret(plaintext: string): string {
  const { current } = keyRing();
  if (!current) throw new SecretKeyError("SOURCES_ENCRYPTION_KEY is not set: generate one with `openssl rand -base64 32`");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", current.key, iv);
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [FORMAT, current.id, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(
    ".",
  );
}

/** Opens a sealed secret with whichever configured key sealed it. Throws SecretKeyError. */
export function openSecret(sealed: string): string {
  const [format, keyId, iv, tag, ciphertext] = sealed.split(".");
  if (format !== FORMAT || !keyId || !iv || !tag || ciphertext === undefined)
    throw new SecretKeyError("The stored API key is not in a known format");
  const { current, previous } = keyRing();
  const key = [current, previous].find((candidate) => candidate?.id === keyId);
  if (!key)
    throw new SecretKeyError(
      "The stored API key was sealed with a key that is not configured (set SOURCES_ENCRYPTION_KEY_PREVIOUS to the old key)",
    );
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(AAD);
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretKeyError("The stored API key could not be decrypted");
  }
}

/** Whether a sealed value was sealed with the current key (else rotation must seal it again). */
export function isSealedWithCurrentKey(sealed: string): boolean {
  const { current } = keyRing();
  return current !== null && sealed.split(".")[1] === current.id;
}
