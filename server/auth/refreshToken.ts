import { createHash, randomBytes } from 'node:crypto';

/** Refresh tokens live 30 days; each use rotates them. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Access tokens (JWT) live 15 minutes. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;

/** A new opaque refresh token: 256 random bits, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a refresh token: SHA-256, hex. The token itself is never stored. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
