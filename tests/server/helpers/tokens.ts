import { createHmac } from 'node:crypto';

/**
 * Signs an HS256 JWT by hand (RFC 7519), so tests can make tokens the server never
 * issued: with a wrong secret, or already expired.
 * @param claims the payload, e.g. `{ sub, org, sid, exp }` with `exp` in Unix seconds
 */
export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** Reads a JWT's payload without verifying it. */
export function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1];
  if (!payload) throw new Error('not a JWT');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
