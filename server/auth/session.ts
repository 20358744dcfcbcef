import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { unauthorized } from '../http/problem';
import {
  findRefreshTokenForUpdate,
  findUserWithOrganization,
  insertRefreshToken,
  markReplaced,
  revokeFamily,
  type OrganizationRow,
  type UserRow,
} from './repository';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_MS, hashRefreshToken, newRefreshToken } from './refreshToken';

/** Claims carried by an access token: `sub` user id, `org` organization id, `sid` session (token family). */
export interface AccessClaims {
  sub: string;
  org: string;
  sid: string;
}

/** Signs access-token claims; supplied by the auth plugin (`app.jwt.sign`). */
export type SignAccessToken = (claims: AccessClaims) => string;

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  expires_at: string;
}

/** Wire shapes of a user and an organization (SPEC.md section 3). */
export const userView = (user: UserRow) => ({ id: user.id, name: user.name, email: user.email, picture: user.picture });
export const organizationView = (org: OrganizationRow) => ({ id: org.id, name: org.name, plan: org.plan });

function accessToken(sign: SignAccessToken, claims: AccessClaims) {
  return {
    access_token: sign(claims),
    expires_at: new Date(Date.now() + ACCESS_TOKEN_TTL_S * 1000).toISOString(),
  };
}

/** Starts a new session (a new refresh-token family) for a signed-in user. */
export async function startSession(db: Db, sign: SignAccessToken, user: UserRow): Promise<IssuedTokens> {
  const familyId = randomUUID();
  const refresh = newRefreshToken();
  await insertRefreshToken(db, {
    userId: user.id,
    organizationId: user.organizationId,
    familyId,
    tokenHash: hashRefreshToken(refresh),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return { ...accessToken(sign, { sub: user.id, org: user.organizationId, sid: familyId }), refresh_token: refresh };
}

/**
 * Rotates a refresh token: the presented one is marked replaced and a new one of the same
 * family is issued. Presenting a token that was already replaced or revoked is treated as
 * theft and revokes the whole family (RFC 9700 section 4.14.2).
 * @throws HttpProblem 401 for unknown, expired, revoked or reused tokens.
 */
export async function rotateSession(db: Db, sign: SignAccessToken, presented: string): Promise<IssuedTokens> {
  const outcome = await db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, hashRefreshToken(presented));
    if (!row) return { kind: 'invalid' as const };
    if (row.revokedAt !== null) return { kind: 'invalid' as const };
    if (row.replacedBy !== null) {
      await revokeFamily(tx, row.familyId);
      return { kind: 'reused' as const };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' as const };
    const found = await findUserWithOrganization(tx, row.userId);
    if (!found) return { kind: 'invalid' as const };
    const refresh = newRefreshToken();
    const next = await insertRefreshToken(tx, {
      userId: row.userId,
      organizationId: row.organizationId,
      familyId: row.familyId,
      tokenHash: hashRefreshToken(refresh),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    await markReplaced(tx, row.id, next.id);
    return { kind: 'ok' as const, refresh, claims: { sub: row.userId, org: row.organizationId, sid: row.familyId } };
  });
  if (outcome.kind === 'reused') {
    throw unauthorized('This refresh token was already used; the session has been revoked. Sign in again.');
  }
  if (outcome.kind === 'invalid') throw unauthorized('The refresh token is invalid, expired or revoked. Sign in again.');
  return { ...accessToken(sign, outcome.claims), refresh_token: outcome.refresh };
}

/**
 * Ends the caller's session (its refresh-token family), and also the family of a presented
 * refresh token when it belongs to the same user, so a client holding both ends both.
 */
export async function endSession(db: Db, caller: { userId: string; sessionId: string }, presented?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeFamily(tx, caller.sessionId);
    if (presented) {
      const row = await findRefreshTokenForUpdate(tx, hashRefreshToken(presented));
      if (row && row.userId === caller.userId && row.familyId !== caller.sessionId) await revokeFamily(tx, row.familyId);
    }
  });
}
