/**
 * Authentication (SPEC.md section 4 "Authentication", section 8, section 9).
 *
 * States: `initialising` (decides on the stored session) -> `verifying` (re-checks the
 * profile) -> `loggedIn`, or `loggedOut`; plus `signingIn`, `refreshing`, `signingOut`.
 * Tags tell components what they need: `initialised` once the startup decision is
 * made, `authenticated` while tokens are usable, `busy` while a sign-in runs.
 *
 * A fresh stored session is restored at once (`verifying` is initialised and
 * authenticated) and its profile re-verified meanwhile, as SPEC.md section 4 orders it
 * ("restored ... then the profile is re-verified"; "logged in to logged out on ... failed
 * profile check at startup"): the first screen renders without waiting for a round trip.
 * A refresh asked for during the check runs first, and the check follows it.
 *
 * Pure: storage and HTTP are the named actions (`persistSession`, `clearStoredSession`)
 * and actors (`fetchProfile`, `signIn`, `refreshTokens`, `signOut`) that the app
 * supplies with `authMachine.provide()`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ProfileResponse, SessionResponse, Tokens } from '../api/types';

/** SPEC.md section 9: a token counts as expired this many ms before `expires_at`. */
export const TOKEN_EXPIRY_MARGIN_MS = 60_000;

/**
 * True when the token expiring at `expiresAt` (ISO 8601) must be treated as expired at
 * `nowMs` (ms since epoch), i.e. within 60 s of expiry or past it. Unparseable is expired.
 */
export function isTokenExpired(expiresAt: string, nowMs: number): boolean {
  const expiresMs = Date.parse(expiresAt);
  return Number.isNaN(expiresMs) || nowMs >= expiresMs - TOKEN_EXPIRY_MARGIN_MS;
}

/** Why a sign-in failed: the message to show and, when the server named them, field errors. */
export interface AuthFailure {
  message: string;
  fields?: Partial<Record<'email' | 'password', string>>;
}

export interface AuthContext {
  session: SessionResponse | null;
  error: AuthFailure | null;
  /** False from the restore of a stored session until its profile has been re-verified. */
  verified: boolean;
}

/** `stored`: the session found in storage at start, or null. */
export interface AuthInput {
  stored: SessionResponse | null;
}

export type AuthEvent =
  | { type: 'auth.signIn'; email: string; password: string }
  | { type: 'auth.session'; session: SessionResponse }
  /** The profile changed on the server (account settings); the session keeps its tokens. */
  | { type: 'auth.profile'; profile: ProfileResponse }
  | { type: 'auth.refresh' }
  | { type: 'auth.signOut' };

function toAuthFailure(error: unknown): AuthFailure {
  if (typeof error === 'object' && error !== null && typeof (error as AuthFailure).message === 'string') {
    const { message, fields } = error as AuthFailure;
    return fields ? { message, fields } : { message };
  }
  return { message: 'Authentication failed' };
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} actor not provided`));

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    fetchProfile: fromPromise<ProfileResponse, { accessToken: string }>(notProvided('fetchProfile')),
    signIn: fromPromise<SessionResponse, { email: string; password: string }>(notProvided('signIn')),
    refreshTokens: fromPromise<Tokens, { refreshToken: string | null }>(notProvided('refreshTokens')),
    signOut: fromPromise<void, { accessToken: string; refreshToken: string }>(notProvided('signOut')),
  },
  actions: {
    persistSession: () => {},
    clearStoredSession: () => {},
    forgetSession: assign({ session: null, verified: false }),
  },
  guards: {
    hasFreshStoredSession: ({ context }) =>
      context.session !== null && !isTokenExpired(context.session.expires_at, Date.now()),
    profileVerified: ({ context }) => context.verified,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ session: input.stored, error: null, verified: false }),
  initial: 'initialising',
  states: {
    initialising: {
      always: [
        { guard: 'hasFreshStoredSession', target: 'verifying' },
        { target: 'loggedOut', actions: ['forgetSession', 'clearStoredSession'] },
      ],
    },
    verifying: {
      tags: ['initialised', 'authenticated'],
      on: {
        'auth.refresh': 'refreshing',
        'auth.signOut': 'signingOut',
      },
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        input: ({ context }) => ({ accessToken: context.session?.access_token ?? '' }),
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({
              session: ({ context, event }) =>
                context.session && { ...context.session, user: event.output.user, organization: event.output.organization },
              verified: true,
            }),
            'persistSession',
          ],
        },
        onError: { target: 'loggedOut', actions: ['forgetSession', 'clearStoredSession'] },
      },
    },
    loggedOut: {
      tags: ['initialised'],
      on: {
        'auth.signIn': { target: 'signingIn', actions: assign({ error: null }) },
        'auth.session': {
          target: 'loggedIn',
          actions: [assign({ session: ({ event }) => event.session, error: null, verified: true }), 'persistSession'],
        },
      },
    },
    signingIn: {
      tags: ['initialised', 'busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'auth.signIn');
          return { email: event.email, password: event.password };
        },
        onDone: {
          target: 'loggedIn',
          actions: [assign({ session: ({ event }) => event.output, error: null, verified: true }), 'persistSession'],
        },
        onError: { target: 'loggedOut', actions: assign({ error: ({ event }) => toAuthFailure(event.error) }) },
      },
    },
    loggedIn: {
      tags: ['initialised', 'authenticated'],
      on: {
        'auth.refresh': 'refreshing',
        'auth.signOut': 'signingOut',
        'auth.profile': {
          actions: [
            assign({
              session: ({ context, event }) => context.session && { ...context.session, user: event.profile.user, organization: event.profile.organization },
            }),
            'persistSession',
          ],
        },
      },
    },
    refreshing: {
      tags: ['initialised', 'authenticated', 'refreshing'],
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        input: ({ context }) => ({ refreshToken: context.session?.refresh_token ?? null }),
        onDone: [
          // A refresh asked for while a restored profile was being checked: the check comes next.
          {
            guard: 'profileVerified',
            target: 'loggedIn',
            actions: [assign({ session: ({ context, event }) => context.session && { ...context.session, ...event.output } }), 'persistSession'],
          },
          {
            target: 'verifying',
            actions: [assign({ session: ({ context, event }) => context.session && { ...context.session, ...event.output } }), 'persistSession'],
          },
        ],
        onError: { target: 'loggedOut', actions: ['forgetSession', 'clearStoredSession'] },
      },
      on: { 'auth.signOut': 'signingOut' },
    },
    signingOut: {
      tags: ['initialised'],
      // The stored session goes at once, so a reload or another tab during the logout
      // call never restores it; the context keeps the tokens the logout call needs.
      entry: 'clearStoredSession',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({
          accessToken: context.session?.access_token ?? '',
          refreshToken: context.session?.refresh_token ?? '',
        }),
        // SPEC.md section 8: a failed logout call is ignored; the local session goes either way.
        onDone: { target: 'loggedOut', actions: 'forgetSession' },
        onError: { target: 'loggedOut', actions: 'forgetSession' },
      },
    },
  },
});
