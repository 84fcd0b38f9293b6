import "server-only";
import { db } from "../db";
import { isSealedWithCurrentKey, openSecret, sealSecret } from "./secret-box";

/**
 * Seals every source's API key again under the current SOURCES_ENCRYPTION_KEY, opening those sealed
 * under SOURCES_ENCRYPTION_KEY_PREVIOUS. Each key is replaced only if it still holds what was read,
 * so a key changed meanwhile is left for the next rotation. Throws SecretKeyError when one cannot be opened.
 */
export async function rotateSourceKeys(): Promise<{ resealed: number; current: number }> {
  const sources = await db.source.findMany({ select: { id: true, apiKeySealed: true } });
  let resealed = 0;
  for (const source of sources) {
    if (isSealedWithCurrentKey(source.apiKeySealed)) continue;
    const apiKeySealed = sealSecret(openSecret(source.apiKeySealed));
    const { count } = await db.source.updateMany({ where: { id: source.id, apiKeySealed: source.apiKeySealed }, data: { apiKeySealed } });
    resealed += count;
  }
  return { resealed, current: sources.length - resealed };
}
