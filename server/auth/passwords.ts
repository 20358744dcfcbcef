import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's Password Storage Cheat Sheet floor: 19 MiB memory, 2 iterations,
 * 1 lane. Raising any of them later still verifies old hashes (the PHC string carries them).
 */
export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A valid hash of a random password, verified when the email is unknown so timing does not tell. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With `storedHash` null (unknown email, or a
 * Google-only user) it still spends the same time on a decoy hash and returns false.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
