import { hashRefreshToken, newRefreshToken } from './refreshToken';

/**
 * Opaque one-time tokens of mailed links (password reset, invitation): 256 random bits,
 * base64url, stored only as their SHA-256 hex. The same construction as refresh tokens,
 * so the same functions make and hash them.
 */
export const newOpaqueToken: () => string = newRefreshToken;

/** The stored form of an opaque token: SHA-256, hex. */
export const hashOpaqueToken: (token: string) => string = hashRefreshToken;
