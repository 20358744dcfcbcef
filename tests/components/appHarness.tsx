/**
 * Renders the real App with a memory location and an auth actor whose calls the test
 * controls. jsdom lacks a few browser APIs Radix uses; they are stubbed here.
 */
import { render } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise } from 'xstate';
import { vi } from 'vitest';
import App from '../../src/App';
import { authMachine } from '../../src/machines/authMachine';
import type { AuthFailure } from '../../src/machines/authMachine';
import { createQueryClient } from '../../src/atoms/queryClient';
import type { ProfileResponse, SessionResponse, Tokens } from '../../src/api/types';
import { FakeEventSource } from './fakeEventSource';

class NoopResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoopResizeObserver as unknown as typeof ResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
// The app's realtime bridge opens an EventSource; tests play the server through FakeEventSource.
globalThis.EventSource ??= FakeEventSource as unknown as typeof EventSource;

export const testUser = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', picture: null };
export const testSession: SessionResponse = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  user: testUser,
  organization: { id: 'o1', name: 'Acme Security', plan: 'pro' },
};

export interface HarnessOptions {
  /** Signed in from the start (via `auth.session`). */
  signedIn?: boolean;
  session?: SessionResponse;
  /** A stored session: the profile check then waits for `resolveProfile` or `rejectProfile`. */
  stored?: SessionResponse;
  signIn?: (email: string, password: string) => Promise<SessionResponse>;
  /** Answers `POST /auth/refresh`; without it a refresh fails and signs out. */
  refreshTokens?: (refreshToken: string | null) => Promise<Tokens>;
}

export function renderApp(path: string, options: HarnessOptions = {}) {
  let resolveProfile: (profile: ProfileResponse) => void = () => {};
  let rejectProfile: (error: Error) => void = () => {};
  const signOut = vi.fn(async () => {});
  const refresh = options.refreshTokens;
  const actor = createActor(
    authMachine.provide({
      actors: {
        fetchProfile: fromPromise(
          () =>
            new Promise<ProfileResponse>((resolve, reject) => {
              resolveProfile = resolve;
              rejectProfile = reject;
            }),
        ),
        signIn: fromPromise(({ input }) =>
          options.signIn ? options.signIn(input.email, input.password) : Promise.reject<SessionResponse>({ message: 'Authentication failed' } satisfies AuthFailure),
        ),
        signOut: fromPromise(signOut),
        ...(refresh ? { refreshTokens: fromPromise<Tokens, { refreshToken: string | null }>(({ input }) => refresh(input.refreshToken)) } : {}),
      },
    }),
    { input: { stored: options.stored ?? null } },
  ).start();
  if (options.signedIn) actor.send({ type: 'auth.session', session: options.session ?? testSession });
  const memory = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const view = render(
    <App authActor={actor} queryClient={queryClient} location={{ hook: memory.hook, searchHook: memory.searchHook }} />,
  );
  return {
    ...view,
    actor,
    memory,
    queryClient,
    signOut,
    resolveProfile: (p: ProfileResponse) => resolveProfile(p),
    rejectProfile: (error: Error) => rejectProfile(error),
  };
}

/** The memory location's current entry (path and query). */
export const currentLocation = (memory: { history: string[] }) => memory.history.at(-1);
