/**
 * Auth calls (SPEC.md section 7 "Auth"). They go through a plain ofetch instance (base
 * `/v1`, 60 000 ms timeout) without the 401-refresh rule of `apiFetch`: a 401 from the
 * sign-in or refresh call is the answer itself, not a reason to refresh. Calls that
 * need the bearer header take the token explicitly.
 */
import { ofetch } from 'ofetch';
import type { $Fetch } from 'ofetch';
import { API_BASE_URL, API_TIMEOUT_MS } from './client';
import type { ProfileResponse, SessionResponse, Tokens } from './types';

/** Calls without the refresh rule; `fetch` is replaceable for tests. */
export function createAuthFetch(fetch?: typeof globalThis.fetch): $Fetch {
  return ofetch.create({ baseURL: API_BASE_URL, timeout: API_TIMEOUT_MS, retry: 0 }, fetch ? { fetch } : {});
}

const authFetch = createAuthFetch();

function bearer(accessToken: string): HeadersInit {
  return { Authorization: `Bearer ${accessToken}` };
}

/** `POST /v1/auth/password/login`. Throws the fetch error (fallback 'Authentication failed'). */
export function signInWithPassword(email: string, password: string): Promise<SessionResponse> {
  return authFetch<SessionResponse>('/auth/password/login', { method: 'POST', body: { email, password } });
}

/**
 * `POST /v1/auth/refresh`. Throws 'No refresh token available' when `refreshToken` is
 * null or empty (SPEC.md section 5), else the fetch error.
 */
export async function refreshTokens(refreshToken: string | null): Promise<Tokens> {
  if (!refreshToken) throw new Error('No refresh token available');
  return authFetch<Tokens>('/auth/refresh', { method: 'POST', body: { refresh_token: refreshToken } });
}

/** `GET /v1/auth/profile` with the given access token. Throws the fetch error. */
export function fetchProfile(accessToken: string): Promise<ProfileResponse> {
  return authFetch<ProfileResponse>('/auth/profile', { headers: bearer(accessToken) });
}

/** `POST /v1/auth/logout`; resolves when the server revoked the refresh token (204). */
export async function signOutOnServer(accessToken: string, refreshToken: string): Promise<void> {
  await authFetch('/auth/logout', {
    method: 'POST',
    headers: bearer(accessToken),
    body: { refresh_token: refreshToken },
  });
}

/** `GET /v1/auth/providers`: which sign-in methods besides the password are on. */
export async function fetchAuthProviders(): Promise<{ google: boolean }> {
  const body = await authFetch<unknown>('/auth/providers');
  const google = typeof body === 'object' && body !== null && (body as { google?: unknown }).google === true;
  return { google };
}

/**
 * `POST /v1/auth/callback` with the OAuth return parameters (code, state, ...).
 * Throws the fetch error (fallback 'Authentication failed').
 */
export function completeOAuthCallback(params: Record<string, string>): Promise<SessionResponse> {
  return authFetch<SessionResponse>('/auth/callback', { method: 'POST', body: params });
}

/** sessionStorage key of the OAuth state (SPEC.md section 9 "Storage"). */
export const OAUTH_STATE_STORAGE_KEY = 'oauth_state';

/** A random 32-hex-character OAuth state (SPEC.md section 5). */
export function createOAuthState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * `POST /v1/auth/google` with the return address and state, and the invitation link's
 * token when the sign-in starts from one (the server then joins that organization);
 * resolves the Google authorization URL to send the browser to. Throws the fetch error
 * (fallback 'Failed to initiate Google authentication').
 */
export async function startGoogleSignIn(redirectUri: string, state: string, invitationToken?: string): Promise<string> {
  const body = await authFetch<{ authorization_url?: unknown }>('/auth/google', {
    method: 'POST',
    body: { redirect_uri: redirectUri, state, ...(invitationToken ? { invitation_token: invitationToken } : {}) },
  });
  if (typeof body?.authorization_url !== 'string') throw new Error('Failed to initiate Google authentication');
  return body.authorization_url;
}
