import "server-only";
import { hash, verify } from "@node-rs/argon2";

// Argon2id is the library's default algorithm (its enum is a const enum that isolated modules cannot read);
// the costs are OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword("decoy password that matches nothing");
  await verifyPassword(await decoyHash, password);
  return false;
}
