import { createHmac, timingSafeEqual } from 'node:crypto';

/** Signed floor-plan URLs live 5 minutes: long enough to load an image, short if leaked. */
export const SIGNED_URL_TTL_S = 300;

function signature(secret: string, path: string, expires: number): string {
  return createHmac('sha256', secret).update(`${path}\n${expires}`).digest('base64url');
}

/**
 * Signs an API path for `GET` without a bearer header (`signed_url=true`, SPEC.md
 * section 7), e.g. for an `<img src>`. Returns the URL and when it stops working.
 * @param nowS current Unix time in seconds
 */
export function signPath(secret: string, path: string, nowS = Math.floor(Date.now() / 1000)) {
  const expires = nowS + SIGNED_URL_TTL_S;
  return {
    url: `${path}?expires=${expires}&signature=${signature(secret, path, expires)}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** True when `sig` signs `path` until `expires` (Unix seconds) and that time has not passed. */
export function verifySignedPath(secret: string, path: string, expires: number, sig: string, nowS = Math.floor(Date.now() / 1000)): boolean {
  if (!Number.isInteger(expires) || expires < nowS) return false;
  const expected = Buffer.from(signature(secret, path, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
