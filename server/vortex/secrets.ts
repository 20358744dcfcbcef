import { createCipheriv, createDecipheriv, hash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Encryption at rest of a VORTEX connection's API key and webhook secret (DESIGN.md
 * "Data model": "both encrypted at rest"), and the constant-time comparison of the
 * webhook secret header (DESIGN.md "Real time", step 1).
 *
 * The key is derived from the app's JWT secret with HKDF-SHA256, so every node that
 * shares `JWT_SECRET` (required with PostgreSQL) can read what another wrote, and no new
 * setting is needed. Rotating `JWT_SECRET` therefore means re-entering the VORTEX
 * credentials: a stored value then fails to decrypt with {@link SecretDecryptionError}.
 */

/** A 32-byte AES-256 key; made only by {@link deriveVortexKey}. */
export type VortexSecretKey = Buffer & { readonly __brand: 'VortexSecretKey' };

/** Version prefix of a sealed value, so the format can change without guessing. */
const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Fixed HKDF salt and info: the key is only ever used for VORTEX connection secrets. */
const HKDF_SALT = 'floorwatch/vortex-connections';
const HKDF_INFO = 'aes-256-gcm v1';

/** A sealed value that is malformed, or was sealed with another key or for another field. */
export class SecretDecryptionError extends Error {
  override readonly name = 'SecretDecryptionError';
  constructor(reason: string) {
    super(`Cannot decrypt a stored VORTEX secret: ${reason}`);
  }
}

/**
 * Derives the AES-256-GCM key for VORTEX secrets from the app's JWT secret (HKDF-SHA256,
 * RFC 5869). Deterministic: the same secret always gives the same key.
 * @throws Error when `jwtSecret` is empty.
 */
export function deriveVortexKey(jwtSecret: string): VortexSecretKey {
  if (jwtSecret.length === 0) throw new Error('deriveVortexKey needs a non-empty secret');
  return Buffer.from(hkdfSync('sha256', jwtSecret, HKDF_SALT, HKDF_INFO, 32)) as VortexSecretKey;
}

/**
 * Encrypts `plaintext` with AES-256-GCM and a fresh random 96-bit IV. `context` (e.g.
 * `<organization id>:webhook_secret`) is bound as additional authenticated data, so a
 * sealed value copied to another organization's row or field no longer decrypts.
 * @returns `v1.<iv>.<tag>.<ciphertext>`, each part base64url; different on every call.
 */
export function sealSecret(key: VortexSecretKey, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/**
 * Decrypts a value made by {@link sealSecret} with the same key and context.
 * @throws SecretDecryptionError when the value is malformed, tampered with, or sealed
 *   with another key or context.
 */
export function openSecret(key: VortexSecretKey, sealed: string, context: string): string {
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== FORMAT) throw new SecretDecryptionError('unknown format');
  const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretDecryptionError('unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretDecryptionError('wrong key, wrong context or tampered value');
  }
}

/**
 * SHA-256 of a secret, what {@link secretMatches} compares: the digest can be kept where the
 * secret should not. The one-shot `crypto.hash` (no Hash object per call): every webhook
 * hashes its presented secret.
 */
export const secretDigest = (value: string): Buffer => hash('sha256', value, 'buffer');

/**
 * Compares a presented secret with the expected one's {@link secretDigest} in constant
 * time: the presented one is hashed too, so the comparison takes the same time whatever
 * their lengths and leaks neither the length nor a matching prefix. A missing presented
 * value is false.
 */
export function secretMatches(presented: string | undefined, expectedDigest: Buffer): boolean {
  if (presented === undefined) return false;
  return timingSafeEqual(secretDigest(presented), expectedDigest);
}

/** {@link secretMatches} against the expected secret in clear. */
export const secretsEqual = (presented: string | undefined, expected: string): boolean => secretMatches(presented, secretDigest(expected));
