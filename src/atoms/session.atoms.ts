/**
 * The signed-in session (SPEC.md sections 4, 8, 9): the running auth actor, how it is
 * stored (tokens and user info in localStorage), how the API client reaches it, and the
 * hooks screens use.
 *
 * Screens read the session with `useSession()` and act with `useAuthActor().send(...)`
 * (`auth.signIn`, `auth.session`, `auth.signOut`). The actor comes from
 * `AuthActorContext`, which `App` provides; tests provide their own.
 */
import { createContext, useContext } from 'react';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Actor } from 'xstate';
import { useSelector } from '@xstate/react';
import { authMachine } from '../machines/authMachine';
import type { AuthFailure } from '../machines/authMachine';
import { fetchProfile, refreshTokens, signInWithPassword, signOutOnServer } from '../api/auth';
import { problemMessage } from '../api/client';
import type { ApiSession } from '../api/client';
import type { Organization, SessionResponse, User } from '../api/types';
import { readJson, removeItem, writeItem } from '../lib/storage';
import { isRecord } from '../lib/unwrapList';
import { queryClient } from './queryClient';

export type AuthActor = Actor<typeof authMachine>;

/** localStorage keys (SPEC.md section 9 "Storage"). */
export const TOKENS_STORAGE_KEY = 'auth_tokens';
export const USER_STORAGE_KEY = 'auth_user';

const isString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Reads the stored session; null unless tokens and user are both present and well formed. */
export function readStoredSession(): SessionResponse | null {
  const tokens = readJson(TOKENS_STORAGE_KEY);
  const profile = readJson(USER_STORAGE_KEY);
  if (!isRecord(tokens) || !isRecord(profile) || !isRecord(profile.user)) return null;
  const { access_token, refresh_token, expires_at } = tokens;
  if (!isString(access_token) || !isString(refresh_token) || !isString(expires_at)) return null;
  return {
    access_token,
    refresh_token,
    expires_at,
    user: profile.user as unknown as User,
    organization: (isRecord(profile.organization) ? profile.organization : null) as unknown as Organization,
  };
}

/** Stores the session's tokens and user info. */
export function storeSession(session: SessionResponse): void {
  const { access_token, refresh_token, expires_at, user, organization } = session;
  writeItem(TOKENS_STORAGE_KEY, JSON.stringify({ access_token, refresh_token, expires_at }));
  writeItem(USER_STORAGE_KEY, JSON.stringify({ user, organization }));
}

/**
 * Removes the stored session and drops every cached query and snapshot image (another
 * user may sign in). The snapshot cache is loaded on demand so the sign-in screens do
 * not carry it.
 */
export function clearStoredSession(): void {
  removeItem(TOKENS_STORAGE_KEY);
  removeItem(USER_STORAGE_KEY);
  queryClient.clear();
  void import('../lib/snapshotCache/appSnapshotCache').then((snapshots) => snapshots.clearAppSnapshotCache());
}

function toSignInFailure(error: unknown): AuthFailure {
  const message = problemMessage(error, 'Authentication failed');
  const body = isRecord(error) && isRecord(error.data) ? error.data : {};
  const fields: AuthFailure['fields'] = {};
  if (Array.isArray(body.errors)) {
    for (const item of body.errors) {
      if (isRecord(item) && (item.field === 'email' || item.field === 'password') && isString(item.message)) {
        fields[item.field] = item.message;
      }
    }
  }
  return Object.keys(fields).length > 0 ? { message, fields } : { message };
}

/** The auth machine wired to the real auth calls and localStorage. */
export const appAuthMachine = authMachine.provide({
  actors: {
    fetchProfile: fromPromise(({ input }) => fetchProfile(input.accessToken)),
    signIn: fromPromise(async ({ input }) => {
      try {
        return await signInWithPassword(input.email, input.password);
      } catch (error) {
        throw toSignInFailure(error);
      }
    }),
    refreshTokens: fromPromise(({ input }) => refreshTokens(input.refreshToken)),
    signOut: fromPromise(({ input }) => signOutOnServer(input.accessToken, input.refreshToken)),
  },
  actions: {
    persistSession: ({ context }) => {
      if (context.session) storeSession(context.session);
    },
    clearStoredSession: () => clearStoredSession(),
  },
});

/** Creates (not starts) the app's auth actor from the stored session. */
export function createAppAuthActor(): AuthActor {
  return createActor(appAuthMachine, { input: { stored: readStoredSession() } });
}

/**
 * The API client's view of an auth actor: its access token while authenticated, and a
 * refresh that joins a running one. Rejects 'No refresh token available' when there is
 * no session, or when the refresh ended signed out.
 */
export function authSessionPort(actor: AuthActor): ApiSession {
  return {
    accessToken: () => {
      const snapshot = actor.getSnapshot();
      return snapshot.hasTag('authenticated') ? (snapshot.context.session?.access_token ?? null) : null;
    },
    refreshAccessToken: async () => {
      const snapshot = actor.getSnapshot();
      if (!snapshot.hasTag('authenticated') || !snapshot.context.session?.refresh_token) {
        throw new Error('No refresh token available');
      }
      if (!snapshot.hasTag('refreshing')) actor.send({ type: 'auth.refresh' });
      const settled = await waitFor(actor, (s) => !s.hasTag('refreshing'));
      const token = settled.hasTag('authenticated') ? settled.context.session?.access_token : undefined;
      if (!token) throw new Error('Session refresh failed');
      return token;
    },
  };
}

/** The auth actor of the rendered tree. */
export const AuthActorContext = createContext<AuthActor | null>(null);

/** Returns the auth actor from `AuthActorContext`; throws when none is provided. */
export function useAuthActor(): AuthActor {
  const actor = useContext(AuthActorContext);
  if (!actor) throw new Error('useAuthActor needs an AuthActorContext provider');
  return actor;
}

/** What screens need to know about the session. */
export interface SessionView {
  /** The startup decision (stored session restored or not) is made. */
  initialised: boolean;
  authenticated: boolean;
  /** A password sign-in is running. */
  busy: boolean;
  user: User | null;
  organization: Organization | null;
  /** Why the last sign-in failed. */
  error: AuthFailure | null;
}

function sameView(a: SessionView, b: SessionView): boolean {
  return (Object.keys(a) as (keyof SessionView)[]).every((key) => a[key] === b[key]);
}

/** The current session, re-rendering only when one of its fields changes. */
export function useSession(): SessionView {
  const actor = useAuthActor();
  return useSelector(
    actor,
    (snapshot) => {
      const authenticated = snapshot.hasTag('authenticated');
      return {
        initialised: snapshot.hasTag('initialised'),
        authenticated,
        busy: snapshot.hasTag('busy'),
        user: authenticated ? (snapshot.context.session?.user ?? null) : null,
        organization: authenticated ? (snapshot.context.session?.organization ?? null) : null,
        error: snapshot.context.error,
      };
    },
    sameView,
  );
}
