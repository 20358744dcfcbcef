import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { SnapshotFrom } from 'xstate';
// createTestModel refuses machines with invocations (xstate 5.33 validateMachine), so the
// auth paths come from the path generators and are replayed with ./pathRunner.
import { getPathsFromEvents, getShortestPaths, getSimplePaths } from 'xstate/graph';
import { authMachine, isTokenExpired, TOKEN_EXPIRY_MARGIN_MS } from '../../src/machines/authMachine';
import type { AuthEvent, AuthFailure, AuthInput } from '../../src/machines/authMachine';
import type { ProfileResponse, SessionResponse, Tokens } from '../../src/api/types';
import { replayPath } from './pathRunner';
import type { PathStep } from './pathRunner';

const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

const user = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', picture: null };
const organization = { id: 'o1', name: 'Acme Security', plan: 'pro' };
const session: SessionResponse = { access_token: 'access-1', refresh_token: 'refresh-1', expires_at: at(3_600_000), user, organization };
const freshStored: SessionResponse = { ...session, user: { ...user, name: 'Stale Name' } };
const expiredStored: SessionResponse = { ...session, expires_at: at(30_000) };
const profile: ProfileResponse = { user, organization };
const refreshed: Tokens = { access_token: 'access-2', refresh_token: 'refresh-2', expires_at: at(7_200_000) };
const badCredentials: AuthFailure = { message: 'Invalid email or password', fields: { password: 'Wrong password' } };

/** Fake actors whose promises the test settles, recording their inputs. */
function controllableActors() {
  type Name = 'fetchProfile' | 'signIn' | 'refreshTokens' | 'signOut';
  const pending = new Map<Name, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  const inputs: Partial<Record<Name, unknown[]>> = {};
  const make = <T, I>(name: Name) =>
    fromPromise<T, I>(
      ({ input }) =>
        new Promise<T>((resolve, reject) => {
          (inputs[name] ??= []).push(input);
          pending.set(name, { resolve: resolve as (value: unknown) => void, reject });
        }),
    );
  const actors = {
    fetchProfile: make<ProfileResponse, { accessToken: string }>('fetchProfile'),
    signIn: make<SessionResponse, { email: string; password: string }>('signIn'),
    refreshTokens: make<Tokens, { refreshToken: string | null }>('refreshTokens'),
    signOut: make<void, { accessToken: string; refreshToken: string }>('signOut'),
  };
  const settle = async (name: Name, outcome: { output: unknown } | { error: unknown }) => {
    const entry = pending.get(name);
    if (!entry) throw new Error(`${name} is not running`);
    pending.delete(name);
    if ('output' in outcome) entry.resolve(outcome.output);
    else entry.reject(outcome.error);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { actors, settle, inputs };
}

function start(input: AuthInput) {
  const fakes = controllableActors();
  const persistSession = vi.fn();
  const clearStoredSession = vi.fn();
  const actor = createActor(authMachine.provide({ actors: fakes.actors, actions: { persistSession, clearStoredSession } }), {
    input,
  }).start();
  return { actor, ...fakes, persistSession, clearStoredSession };
}

afterEach(() => vi.useRealTimers());

describe('isTokenExpired (60 s margin)', () => {
  it('counts a token as expired 60 s before expires_at', () => {
    const now = Date.parse('2025-01-01T12:00:00Z');
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(60_000);
    expect(isTokenExpired('2025-01-01T12:01:00Z', now)).toBe(true);
    expect(isTokenExpired('2025-01-01T12:01:01Z', now)).toBe(false);
    expect(isTokenExpired('2025-01-01T11:59:00Z', now)).toBe(true);
    expect(isTokenExpired('not a date', now)).toBe(true);
  });
});

describe('authMachine (arrange, act, assert)', () => {
  it('starts signed out and initialised without a stored session', () => {
    const { actor, inputs } = start({ stored: null });
    const snapshot = actor.getSnapshot();
    expect(snapshot.hasTag('initialised')).toBe(true);
    expect(snapshot.hasTag('authenticated')).toBe(false);
    expect(inputs.fetchProfile).toBeUndefined();
  });

  it('restores a fresh stored session at once and re-verifies its profile meanwhile', async () => {
    const { actor, settle, inputs, persistSession } = start({ stored: freshStored });
    // Initialised and authenticated before the profile answers: the first screen need not wait.
    expect(actor.getSnapshot().value).toBe('verifying');
    expect(actor.getSnapshot().hasTag('initialised')).toBe(true);
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.session?.user.name).toBe('Stale Name');
    expect(inputs.fetchProfile).toEqual([{ accessToken: 'access-1' }]);
    await settle('fetchProfile', { output: profile });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('loggedIn');
    expect(snapshot.hasTag('authenticated')).toBe(true);
    expect(snapshot.context.session?.user.name).toBe('Ada Lovelace');
    expect(persistSession).toHaveBeenCalledTimes(1);
  });

  it('runs a refresh asked for during the profile check first, then checks the profile with the new token', async () => {
    const { actor, settle, inputs } = start({ stored: freshStored });
    actor.send({ type: 'auth.refresh' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    await settle('refreshTokens', { output: refreshed });
    expect(actor.getSnapshot().value).toBe('verifying');
    expect(inputs.fetchProfile).toEqual([{ accessToken: 'access-1' }, { accessToken: 'access-2' }]);
    await settle('fetchProfile', { output: profile });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(actor.getSnapshot().context.session?.user.name).toBe('Ada Lovelace');
    // Once verified, a refresh ends signed in without another check.
    actor.send({ type: 'auth.refresh' });
    await settle('refreshTokens', { output: refreshed });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(inputs.fetchProfile).toHaveLength(2);
  });

  it('does not restore a session within 60 s of expiry, and clears it', () => {
    const { actor, inputs, clearStoredSession } = start({ stored: expiredStored });
    expect(actor.getSnapshot().hasTag('initialised')).toBe(true);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(inputs.fetchProfile).toBeUndefined();
    expect(clearStoredSession).toHaveBeenCalledTimes(1);
  });

  it('logs out when the profile check fails at startup', async () => {
    const { actor, settle, clearStoredSession } = start({ stored: freshStored });
    await settle('fetchProfile', { error: new Error('401') });
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(false);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(clearStoredSession).toHaveBeenCalledTimes(1);
  });

  it('signs in with email and password', async () => {
    const { actor, settle, inputs, persistSession } = start({ stored: null });
    actor.send({ type: 'auth.signIn', email: 'ada@example.com', password: 'secret' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(inputs.signIn).toEqual([{ email: 'ada@example.com', password: 'secret' }]);
    await settle('signIn', { output: session });
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.session).toEqual(session);
    expect(persistSession).toHaveBeenCalledTimes(1);
  });

  it('keeps the server message and field errors of a failed sign-in', async () => {
    const { actor, settle } = start({ stored: null });
    actor.send({ type: 'auth.signIn', email: 'ada@example.com', password: 'nope' });
    await settle('signIn', { error: badCredentials });
    expect(actor.getSnapshot().context.error).toEqual(badCredentials);
    actor.send({ type: 'auth.signIn', email: 'ada@example.com', password: 'x' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle('signIn', { error: new TypeError('network') });
    expect(actor.getSnapshot().context.error).toEqual({ message: 'network' });
  });

  it('falls back to "Authentication failed" for errors without a message', async () => {
    const { actor, settle } = start({ stored: null });
    actor.send({ type: 'auth.signIn', email: 'a@b.co', password: 'x' });
    await settle('signIn', { error: 42 });
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Authentication failed' });
  });

  it('refreshes the tokens and keeps the user', async () => {
    const { actor, settle, inputs } = start({ stored: null });
    actor.send({ type: 'auth.session', session });
    actor.send({ type: 'auth.refresh' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(inputs.refreshTokens).toEqual([{ refreshToken: 'refresh-1' }]);
    await settle('refreshTokens', { output: refreshed });
    expect(actor.getSnapshot().context.session).toEqual({ ...session, ...refreshed });
  });

  it('takes an updated profile while signed in: same tokens, new user, stored again', async () => {
    const { actor, persistSession } = start({ stored: null });
    actor.send({ type: 'auth.session', session });
    persistSession.mockClear();
    const renamed = { user: { ...user, name: 'Ada King', picture: 'https://images.example.test/ada.png' }, organization };
    actor.send({ type: 'auth.profile', profile: renamed });
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    expect(actor.getSnapshot().context.session).toEqual({ ...session, ...renamed });
    expect(persistSession).toHaveBeenCalledTimes(1);
  });

  it('logs out when the refresh fails', async () => {
    const { actor, settle, clearStoredSession } = start({ stored: null });
    actor.send({ type: 'auth.session', session });
    clearStoredSession.mockClear();
    actor.send({ type: 'auth.refresh' });
    await settle('refreshTokens', { error: new Error('No refresh token available') });
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(false);
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(clearStoredSession).toHaveBeenCalledTimes(1);
  });

  it('clears the local session even when the logout call fails', async () => {
    const { actor, settle, inputs, clearStoredSession } = start({ stored: null });
    actor.send({ type: 'auth.session', session });
    clearStoredSession.mockClear();
    actor.send({ type: 'auth.signOut' });
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(false);
    expect(inputs.signOut).toEqual([{ accessToken: 'access-1', refreshToken: 'refresh-1' }]);
    // Storage is cleared before the logout call answers: a reload meanwhile restores nothing.
    expect(clearStoredSession).toHaveBeenCalledTimes(1);
    await settle('signOut', { error: new Error('503') });
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(actor.getSnapshot().can({ type: 'auth.signIn', email: 'a@b.co', password: 'x' })).toBe(true);
    expect(clearStoredSession).toHaveBeenCalledTimes(1);
  });
});

// --- Model-based: every path the graph finds is replayed on a live actor. ---

type Snapshot = SnapshotFrom<typeof authMachine>;
type ActorName = 'fetchProfile' | 'signIn' | 'refreshTokens' | 'signOut';

const modelEvents = [
  { type: 'auth.signIn', email: 'ada@example.com', password: 'secret' },
  { type: 'auth.session', session },
  { type: 'auth.refresh' },
  { type: 'auth.signOut' },
  { type: 'xstate.done.actor.fetchProfile', output: profile },
  { type: 'xstate.error.actor.fetchProfile', error: new Error('401') },
  { type: 'xstate.done.actor.signIn', output: session },
  { type: 'xstate.error.actor.signIn', error: badCredentials },
  { type: 'xstate.done.actor.refreshTokens', output: refreshed },
  { type: 'xstate.error.actor.refreshTokens', error: new Error('refresh rejected') },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: new Error('logout failed') },
] as unknown as AuthEvent[];

const serializeState = (snapshot: Snapshot) =>
  JSON.stringify({
    value: snapshot.value,
    session: snapshot.context.session?.access_token ?? null,
    user: snapshot.context.session?.user.name ?? null,
    verified: snapshot.context.verified,
    error: snapshot.context.error,
  });

/** Replays `steps` on a live actor, settling the fake actors for done/error events. */
function replay(input: AuthInput, steps: readonly PathStep<Snapshot>[]) {
  const sut = start(input);
  return replayPath(steps, {
    snapshot: () => sut.actor.getSnapshot(),
    perform: async (event, kind) => {
      if (kind.kind === 'done') await sut.settle(kind.actor as ActorName, { output: kind.output });
      else if (kind.kind === 'error') await sut.settle(kind.actor as ActorName, { error: kind.error });
      else sut.actor.send(event as AuthEvent);
    },
  });
}

/**
 * getPathsFromEvents (unlike getShortestPaths) does not pass `input` to the machine's
 * initial snapshot in xstate 5.33, so the start state is given explicitly.
 */
const initialSnapshot = (input: AuthInput): Snapshot => createActor(authMachine, { input }).getSnapshot();

const INPUTS: Record<string, AuthInput> = {
  'no stored session': { stored: null },
  'fresh stored session': { stored: freshStored },
  'expired stored session': { stored: expiredStored },
};

describe('authMachine (model-based)', () => {
  const reached = new Set<string>();

  for (const [label, input] of Object.entries(INPUTS)) {
    const paths = getShortestPaths(authMachine, { input, events: modelEvents, serializeState });
    describe(`shortest paths from ${label}`, () => {
      it('finds paths', () => expect(paths.length).toBeGreaterThan(0));
      for (const path of paths) {
        const target = JSON.stringify(path.state.value);
        it(`reaches ${target} via ${path.steps.map((s) => s.event.type).join(' > ')}`, async () => {
          const final = await replay(input, path.steps);
          reached.add(String(final.value));
        });
      }
    });
  }

  it('reaches every settled state of the machine', () => {
    expect([...reached].sort()).toEqual(['loggedIn', 'loggedOut', 'refreshing', 'signingIn', 'signingOut', 'verifying']);
  });

  it('replays every simple path from a fresh stored session', async () => {
    const input = INPUTS['fresh stored session']!;
    const paths = getSimplePaths(authMachine, { input, events: modelEvents, serializeState });
    expect(paths.length).toBeGreaterThan(5);
    for (const path of paths) await replay(input, path.steps);
  });

  it('refresh-failure path: signed in, refresh fails, logged out with no session', async () => {
    const input = INPUTS['no stored session']!;
    const [path] = getPathsFromEvents(
      authMachine,
      [
        { type: 'auth.signIn', email: 'ada@example.com', password: 'secret' },
        { type: 'xstate.done.actor.signIn', output: session },
        { type: 'auth.refresh' },
        { type: 'xstate.error.actor.refreshTokens', error: new Error('refresh rejected') },
      ] as unknown as AuthEvent[],
      { input, serializeState, fromState: initialSnapshot(input) },
    );
    expect(path!.steps.map((s) => s.state.value)).toEqual(['loggedOut', 'signingIn', 'loggedIn', 'refreshing', 'loggedOut']);
    const final = await replay(input, path!.steps);
    expect(final.hasTag('initialised')).toBe(true);
    expect(final.hasTag('authenticated')).toBe(false);
    expect(final.context.session).toBeNull();
  });

  it('expired-session path: a session within the 60 s margin is never restored', async () => {
    const input = INPUTS['expired stored session']!;
    const [path] = getPathsFromEvents(authMachine, [] as AuthEvent[], {
      input,
      serializeState,
      fromState: initialSnapshot(input),
    });
    expect(path!.steps.map((s) => s.state.value)).toEqual(['loggedOut']);
    const final = await replay(input, path!.steps);
    expect(final.hasTag('initialised')).toBe(true);
    expect(final.hasTag('authenticated')).toBe(false);
    expect(final.context.session).toBeNull();
    expect(final.can({ type: 'auth.refresh' })).toBe(false);
  });
});
