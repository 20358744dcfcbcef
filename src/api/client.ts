/**
 * The `/v1` HTTP client (SPEC.md sections 7 to 9, DESIGN.md "Wire conventions").
 *
 * `apiFetch` is an ofetch instance: base `/v1`, 60 000 ms timeout, the session's bearer
 * access token on every request. A 401 triggers one refresh through the session (which
 * calls `POST /v1/auth/refresh`) and one retry with the new token; when the refresh fails
 * the session signs out and the original 401 error is thrown.
 *
 * The client knows nothing of how the session is kept: the app binds an `ApiSession`
 * port at start (`bindApiSession`), which keeps this module free of import cycles.
 */
import { ofetch } from 'ofetch';
import type { $Fetch, FetchContext } from 'ofetch';
import { isRecord } from '../lib/unwrapList';

/** Base path of every API call. */
export const API_BASE_URL = '/v1';
/** SPEC.md section 9: API timeout, ms. */
export const API_TIMEOUT_MS = 60_000;

/** What the client needs from the signed-in session. */
export interface ApiSession {
  /** The current access token, or null when signed out. */
  accessToken(): string | null;
  /**
   * Refreshes the tokens and resolves the new access token. Rejects when there is no
   * refresh token ('No refresh token available') or the refresh call fails; in both
   * cases the session is signed out before the promise rejects.
   */
  refreshAccessToken(): Promise<string>;
}

const signedOut: ApiSession = {
  accessToken: () => null,
  refreshAccessToken: () => Promise.reject(new Error('No refresh token available')),
};

let boundSession: ApiSession = signedOut;

/** Connects `apiFetch` to the app's session; called once at start (and by tests). */
export function bindApiSession(session: ApiSession): void {
  boundSession = session;
}

/** Options of `createApiFetch`; `fetch` lets tests run without a network. */
export interface ApiFetchOptions {
  /** Returns the session to use for each request. */
  session: () => ApiSession;
  baseURL?: string;
  fetch?: typeof globalThis.fetch;
}

/** Marks a request whose 401 already led to a refresh, so it is retried at most once. */
const REFRESHED = Symbol('floorwatch.refreshed');
type RefreshableOptions = FetchContext['options'] & { [REFRESHED]?: boolean };

/**
 * Builds an ofetch instance with the bearer header and the refresh-once rule.
 * ofetch's own retry is used only for 401 and only once; everything else is retried by
 * TanStack Query (SPEC.md section 8), never twice over.
 */
export function createApiFetch({ session, baseURL = API_BASE_URL, fetch }: ApiFetchOptions): $Fetch {
  const instance = ofetch.create(
    {
      baseURL,
      timeout: API_TIMEOUT_MS,
      retry: 1,
      retryStatusCodes: [401],
      onRequest({ options }) {
        const token = session().accessToken();
        const headers = new Headers(options.headers);
        if (token) headers.set('Authorization', `Bearer ${token}`);
        else headers.delete('Authorization');
        options.headers = headers;
      },
      async onResponseError(context) {
        const options = context.options as RefreshableOptions;
        if (context.response.status !== 401 || options[REFRESHED] || options.retry === 0) {
          options.retry = 0;
          return;
        }
        options[REFRESHED] = true;
        try {
          await session().refreshAccessToken();
          // The first attempt's timeout signal is spent; the retry gets its own.
          delete options.signal;
        } catch {
          options.retry = 0;
        }
      },
    },
    fetch ? { fetch } : {},
  );
  return instance;
}

/** The app's API client. */
export const apiFetch: $Fetch = createApiFetch({ session: () => boundSession });

/** The HTTP status of a failed call, or null when the error carries none. */
export function errorStatus(error: unknown): number | null {
  if (!isRecord(error)) return null;
  const status = error.status ?? error.statusCode;
  return typeof status === 'number' ? status : null;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The message to show for a failed call (SPEC.md section 8): the problem's `detail`,
 * then its `title`, then (only with `withMessage`, for the device list) a `message`
 * field, then `fallback`. Reads the response body of an ofetch error; anything else
 * (network failure, timeout, a thrown Error) shows the fallback.
 * @param error what the call threw
 * @param fallback the spec's fallback string for that call
 */
export function problemMessage(
  error: unknown,
  fallback: string,
  options: { withMessage?: boolean } = {},
): string {
  const body = isRecord(error) ? error.data : undefined;
  if (!isRecord(body)) return fallback;
  return (
    nonEmpty(body.detail) ??
    nonEmpty(body.title) ??
    (options.withMessage ? nonEmpty(body.message) : null) ??
    fallback
  );
}
