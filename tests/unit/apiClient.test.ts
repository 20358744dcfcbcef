import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createApiFetch, API_TIMEOUT_MS } from '../../src/api/client';
import type { ApiSession } from '../../src/api/client';
import { authMachine } from '../../src/machines/authMachine';
import { authSessionPort } from '../../src/atoms/session.atoms';
import type { SessionResponse, Tokens } from '../../src/api/types';

interface Seen {
  url: string;
  method: string;
  authorization: string | null;
  body: string | null;
}

/** A fake fetch that records each request and answers from `respond`. */
function fakeFetch(respond: (seen: Seen, index: number) => Response) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const entry: Seen = {
      url: String(input),
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization'),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    seen.push(entry);
    return respond(entry, seen.length - 1);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const problem = (status: number, title: string) =>
  new Response(JSON.stringify({ type: 'about:blank', title, status }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const session: SessionResponse = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  expires_at: inAnHour(),
  user: { id: 'u1', name: 'Ada', email: 'ada@example.com', picture: null },
  organization: { id: 'o1', name: 'Acme', plan: 'pro' },
};

/** A signed-in auth actor whose refresh call is `refresh`. */
function signedInActor(refresh: (refreshToken: string | null) => Promise<Tokens>) {
  const clearStoredSession = vi.fn();
  const actor = createActor(
    authMachine.provide({
      actors: {
        fetchProfile: fromPromise(async () => ({ user: session.user, organization: session.organization })),
        refreshTokens: fromPromise(({ input }) => refresh(input.refreshToken)),
      },
      actions: { clearStoredSession },
    }),
    { input: { stored: null } },
  ).start();
  actor.send({ type: 'auth.session', session });
  clearStoredSession.mockClear();
  return { actor, clearStoredSession };
}

describe('apiFetch', () => {
  it('sends the bearer access token under the /v1 base', async () => {
    const { fetch, seen } = fakeFetch(() => json({ buildings: [] }));
    const session: ApiSession = { accessToken: () => 'tok-123', refreshAccessToken: vi.fn() };
    const api = createApiFetch({ session: () => session, fetch });
    await expect(api('/buildings')).resolves.toEqual({ buildings: [] });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('/v1/buildings');
    expect(seen[0]?.authorization).toBe('Bearer tok-123');
    expect(API_TIMEOUT_MS).toBe(60_000);
  });

  it('sends no Authorization header when signed out', async () => {
    const { fetch, seen } = fakeFetch(() => json({}));
    const api = createApiFetch({ session: () => ({ accessToken: () => null, refreshAccessToken: vi.fn() }), fetch });
    await api('/devices');
    expect(seen[0]?.authorization).toBeNull();
  });

  it('on 401 refreshes through POST /v1/auth/refresh and retries once with the new token', async () => {
    const refreshCalls: (string | null)[] = [];
    const { actor } = signedInActor(async (refreshToken) => {
      refreshCalls.push(refreshToken);
      return { access_token: 'access-2', refresh_token: 'refresh-2', expires_at: inAnHour() };
    });
    const { fetch, seen } = fakeFetch((entry) =>
      entry.authorization === 'Bearer access-2' ? json({ id: 'f1' }) : problem(401, 'Unauthorized'),
    );
    const api = createApiFetch({ session: () => authSessionPort(actor), fetch });

    await expect(api('/floors/f1', { method: 'PATCH', body: { name: 'L2' } })).resolves.toEqual({ id: 'f1' });
    expect(refreshCalls).toEqual(['refresh-1']);
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(seen[1]?.method).toBe('PATCH');
    expect(seen[1]?.body).toBe(JSON.stringify({ name: 'L2' }));
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.session?.refresh_token).toBe('refresh-2');
  });

  it('retries only once: a second 401 is thrown without another refresh', async () => {
    const refresh = vi.fn(async () => ({ access_token: 'access-2', refresh_token: 'refresh-2', expires_at: inAnHour() }));
    const { actor } = signedInActor(refresh);
    const { fetch, seen } = fakeFetch(() => problem(401, 'Unauthorized'));
    const api = createApiFetch({ session: () => authSessionPort(actor), fetch });

    await expect(api('/buildings')).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(2);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('signs out when the refresh fails and throws the original 401', async () => {
    const { actor, clearStoredSession } = signedInActor(async () => {
      throw new Error('refresh rejected');
    });
    const { fetch, seen } = fakeFetch(() => problem(401, 'Unauthorized'));
    const api = createApiFetch({ session: () => authSessionPort(actor), fetch });

    await expect(api('/devices')).rejects.toMatchObject({ status: 401, data: { title: 'Unauthorized' } });
    expect(seen).toHaveLength(1);
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(false);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(clearStoredSession).toHaveBeenCalledTimes(1);
  });

  it('refuses to refresh without a session: No refresh token available', async () => {
    const actor = createActor(authMachine, { input: { stored: null } }).start();
    await expect(authSessionPort(actor).refreshAccessToken()).rejects.toThrow('No refresh token available');
  });

  it('joins concurrent 401s into one refresh', async () => {
    let release: (tokens: Tokens) => void = () => {};
    const refresh = vi.fn(() => new Promise<Tokens>((resolve) => (release = resolve)));
    const { actor } = signedInActor(refresh);
    const { fetch } = fakeFetch((entry) =>
      entry.authorization === 'Bearer access-2' ? json({ ok: true }) : problem(401, 'Unauthorized'),
    );
    const api = createApiFetch({ session: () => authSessionPort(actor), fetch });
    const both = Promise.all([api('/a'), api('/b')]);
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    release({ access_token: 'access-2', refresh_token: 'refresh-2', expires_at: inAnHour() });
    await expect(both).resolves.toEqual([{ ok: true }, { ok: true }]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does not refresh on other errors', async () => {
    const refresh = vi.fn();
    const { fetch, seen } = fakeFetch(() => problem(403, 'Forbidden'));
    const api = createApiFetch({ session: () => ({ accessToken: () => 't', refreshAccessToken: refresh }), fetch });
    await expect(api('/buildings')).rejects.toMatchObject({ status: 403 });
    expect(refresh).not.toHaveBeenCalled();
    expect(seen).toHaveLength(1);
  });
});
