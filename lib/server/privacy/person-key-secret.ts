import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "../db";
import { isSealedWithCurrentKey, openSecret, sealSecret } from "../sources/secret-box";

// The secret of the person keys' HMAC (lib/privacy/person-keys.ts): 32 random bytes made once per
// database, kept in PersonKeySecret sealed under SOURCES_ENCRYPTION_KEY as the sources' API keys
// are, so that the database alone cannot test a guessed address against the keys. After a rotation
// of that key the secret is opened with the previous one and sealed again under the new one; the
// secret itself never changes, so the keys stored stay valid.

const SECRET_ID = 1;

let opened: { sealed: string; secret: Buffer } | null = null;
let warned = false;

/** Whether person keys can be made: SOURCES_ENCRYPTION_KEY is set. */
export function canKeepPersonKeys(): boolean {
  return Boolean(process.env.SOURCES_ENCRYPTION_KEY?.trim());
}

async function storedSealed(): Promise<string> {
  const row = await db.personKeySecret.findUnique({ where: { id: SECRET_ID } });
  if (row) return row.sealed;
  try {
    const created = await db.personKeySecret.create({ data: { id: SECRET_ID, sealed: sealSecret(randomBytes(32).toString("base64")) } });
    return created.sealed;
  } catch (error) {
    // Another instance made it at the same moment: theirs is the secret.
    if ((error as { code?: string }).code !== "P2002") throw error;
    return (await db.personKeySecret.findUniqueOrThrow({ where: { id: SECRET_ID } })).sealed;
  }
}

/**
 * The secret, made at its first use; null, with one warning, when SOURCES_ENCRYPTION_KEY is not set
 * (then no person keys are kept: erasure by person finds only transcripts stored with a key).
 * Throws SecretKeyError when the sealed secret cannot be opened with the configured keys.
 */
export async function personKeySecret(): Promise<Buffer | null> {
  if (!canKeepPersonKeys()) {
    if (!warned) console.warn("SOURCES_ENCRYPTION_KEY is not set: no person keys are kept, and erasure by person cannot find transcripts.");
    warned = true;
    return null;
  }
  let sealed = await storedSealed();
  if (opened?.sealed === sealed && isSealedWithCurrentKey(sealed)) return opened.secret;
  const secret = Buffer.from(openSecret(sealed), "base64");
  if (!isSealedWithCurrentKey(sealed)) {
    sealed = sealSecret(secret.toString("base64"));
    await db.personKeySecret.update({ where: { id: SECRET_ID }, data: { sealed } });
  }
  opened = { sealed, secret };
  return secret;
}
