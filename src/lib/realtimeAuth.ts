/**
 * How the signed-in session drives the event stream (SPEC.md section 4 "Event stream"):
 * the stream hears `auth.ready` once auth is initialised (and again on a later sign-in),
 * `token.changed` when a refresh brings a new access token, and `auth.signedOut` when the
 * session ends. Pure: the realtime bridge feeds it successive views of the auth actor.
 */
import type { EventStreamEvent } from '../machines/eventStreamMachine';

/** What the stream needs to know of the session. */
export interface StreamAuthView {
  /** The startup decision (stored session restored or not) is made. */
  initialised: boolean;
  authenticated: boolean;
  /** The access token while authenticated, else null. */
  token: string | null;
}

/**
 * The events to send the stream machine when the session goes from `previous` (null before
 * the first look) to `next`. Nothing before initialisation; `auth.ready` at initialisation
 * and on sign-in; `auth.signedOut` on sign-out; `token.changed` when the token changes.
 */
export function streamAuthEvents(previous: StreamAuthView | null, next: StreamAuthView): EventStreamEvent[] {
  if (!next.initialised) return [];
  const ready: EventStreamEvent = { type: 'auth.ready', authenticated: next.authenticated, token: next.token };
  if (previous === null || !previous.initialised) return [ready];
  if (previous.authenticated && !next.authenticated) return [{ type: 'auth.signedOut' }];
  if (!previous.authenticated && next.authenticated) return [ready];
  if (next.authenticated && previous.token !== next.token) return [{ type: 'token.changed', token: next.token }];
  return [];
}
