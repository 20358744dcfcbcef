/** Google sign-in settings (DESIGN.md "The pieces": OpenID Connect code flow, off until GOOGLE_CLIENT_ID is set). */
export interface GoogleSignInConfig {
  clientId: string;
  clientSecret: string;
  /** The OpenID Connect issuer, e.g. `https://accounts.google.com` (no trailing slash). */
  issuer: string;
  /** Every `redirect_uri` the browser may ask for, compared exactly. */
  redirectUris: string[];
}

export const DEFAULT_OIDC_ISSUER = 'https://accounts.google.com';

type Env = Record<string, string | undefined>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for `http://localhost…`, `http://127.0.0.1…`, `http://[::1]…`: plain HTTP is allowed there only. */
export function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
}

function issuerProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `OIDC_ISSUER must be an absolute URL such as ${DEFAULT_OIDC_ISSUER}, got "${value}"`;
  }
  if (url.search !== '' || url.hash !== '') return `OIDC_ISSUER must not carry a query or fragment, got "${value}"`;
  if (url.protocol !== 'https:' && !isLoopbackHttp(url)) {
    return `OIDC_ISSUER must use https:// (plain http:// only on localhost or 127.0.0.1, for a local test issuer), got "${value}"`;
  }
  return undefined;
}

function redirectUriProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `OIDC_REDIRECT_URIS must list absolute URLs separated by commas, got "${value}"`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `OIDC_REDIRECT_URIS entries must be http(s) URLs, got "${value}"`;
  // The callback's own parameters are appended to it, so it carries none of its own.
  if (url.hash !== '' || url.search !== '') return `OIDC_REDIRECT_URIS entries must not carry a query or fragment, got "${value}"`;
  return undefined;
}

/**
 * Reads GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, OIDC_ISSUER (default Google) and
 * OIDC_REDIRECT_URIS (comma list; default `${publicUrl}/auth/callback`).
 * @returns the settings, or undefined when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are
 * both unset (Google sign-in off); problem lines are pushed onto `problems`.
 */
export function readGoogleSignIn(env: Env, publicUrl: string, problems: string[]): GoogleSignInConfig | undefined {
  const clientId = env.GOOGLE_CLIENT_ID?.trim() ?? '';
  const clientSecret = env.GOOGLE_CLIENT_SECRET ?? '';
  const issuer = (env.OIDC_ISSUER?.trim() || DEFAULT_OIDC_ISSUER).replace(/\/$/, '');
  const before = problems.length;
  const issuerBad = issuerProblem(issuer);
  if (issuerBad) problems.push(issuerBad);
  const listed = (env.OIDC_REDIRECT_URIS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of listed) {
    const bad = redirectUriProblem(entry);
    if (bad) problems.push(bad);
  }
  if (clientId === '' && clientSecret === '') return undefined;
  if (clientId === '') problems.push('GOOGLE_CLIENT_ID is required when GOOGLE_CLIENT_SECRET is set (both come from the same OAuth client)');
  if (clientSecret === '') problems.push('GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set (both come from the same OAuth client)');
  if (problems.length > before) return undefined;
  return { clientId, clientSecret, issuer, redirectUris: listed.length > 0 ? listed : [`${publicUrl}/auth/callback`] };
}
