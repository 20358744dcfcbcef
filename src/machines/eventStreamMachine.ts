/**
 * The real-time event stream (SPEC.md sections 4, 5, 8 and 9; DESIGN.md "Real time").
 *
 * `idle` until auth is initialised; if authenticated, `waiting` 500 ms, then `live`
 * (`connecting`, then `connected` once the server says so). A stream error closes the
 * connection (leaving `live` stops the actor) with 'Connection to real-time events lost'
 * and `reconnecting` tries again after 1 s. Without an access token, or when the
 * connection cannot even be opened, it rests in `error` until a new token arrives.
 * Sign-out (or `stream.stop`) goes to `stopped`; stopping the actor (unmount) cleans up.
 * The last event id seen is kept and handed to every new connection, because a new
 * EventSource cannot send `Last-Event-ID` itself.
 *
 * Pure: the connection is the `eventSource` actor (a `fromCallback` that sends back
 * `StreamEvent`s), supplied with `eventStreamMachine.provide()`; `deliverEvent` hands each
 * new event to the app and `logConnectFailure` logs a connection that could not open.
 * Tags: `connecting`, `connected`, `error`, `reconnecting`, `stopped`.
 */
import { assertEvent, assign, fromCallback, setup } from 'xstate';
import type { EventObject } from 'xstate';
import { addRealtimeEvent } from '../lib/realtimeEvents';
import type { RealtimeEvent } from '../lib/realtimeEvents';
import { logger } from '../lib/logger';
import {
  CONNECT_FAILED_MESSAGE,
  CONNECTION_LOST_MESSAGE,
  EVENT_STREAM_CONNECT_DELAY_MS,
  EVENT_STREAM_RECONNECT_DELAY_MS,
  NO_TOKEN_MESSAGE,
} from './eventStreamTypes';
import type { EventSourceInput, EventStreamContext, EventStreamEvent, EventStreamInput } from './eventStreamTypes';

export * from './eventStreamTypes';

/** The message of a connection that could not open: the error's own, else the spec fallback. */
function failureMessage(error: unknown): string {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : CONNECT_FAILED_MESSAGE;
}

/** After a delay: connect when a token is known, else rest in `error` (SPEC.md section 5). */
const connectOrFail = [{ guard: 'hasToken', target: 'live' }, { target: 'error', actions: 'failWithoutToken' }] as const;

export const eventStreamMachine = setup({
  types: {
    context: {} as EventStreamContext,
    events: {} as EventStreamEvent,
    input: {} as EventStreamInput | undefined,
  },
  actors: {
    eventSource: fromCallback<EventObject, EventSourceInput>(() => {
      throw new Error('eventSource actor not provided');
    }),
  },
  actions: {
    storeToken: assign({
      token: ({ event }) => {
        assertEvent(event, ['auth.ready', 'token.changed']);
        return event.token;
      },
    }),
    failWithoutToken: assign({ error: NO_TOKEN_MESSAGE }),
    forgetSession: assign({ token: null, lastEventId: null, error: null, events: [], attempts: 0 }),
    deliverEvent: (_, _params: { event: RealtimeEvent }) => {},
    logConnectFailure: (_, params: { error: unknown }) => logger.error(CONNECT_FAILED_MESSAGE, params.error),
  },
  guards: {
    hasToken: ({ context }) => Boolean(context.token),
    authenticated: ({ event }) => {
      assertEvent(event, 'auth.ready');
      return event.authenticated;
    },
    offersToken: ({ event }) => {
      assertEvent(event, 'token.changed');
      return Boolean(event.token);
    },
    isNewEvent: ({ context, event }) => {
      assertEvent(event, 'stream.message');
      return !context.events.some((e) => e.id === event.event.id);
    },
  },
  delays: {
    connectDelay: EVENT_STREAM_CONNECT_DELAY_MS,
    reconnectDelay: EVENT_STREAM_RECONNECT_DELAY_MS,
  },
}).createMachine({
  id: 'eventStream',
  context: ({ input }) => ({ token: input?.token ?? null, lastEventId: null, error: null, events: [], attempts: 0 }),
  initial: 'idle',
  on: {
    'token.changed': { actions: 'storeToken' },
    'auth.signedOut': { target: '.stopped', actions: 'forgetSession' },
    'stream.stop': '.stopped',
  },
  states: {
    idle: {
      on: { 'auth.ready': { guard: 'authenticated', target: 'waiting', actions: 'storeToken' } },
    },
    waiting: {
      tags: ['connecting'],
      after: { connectDelay: connectOrFail },
    },
    live: {
      entry: assign({ attempts: ({ context }) => context.attempts + 1 }),
      invoke: {
        id: 'eventSource',
        src: 'eventSource',
        input: ({ context }) => ({ token: context.token ?? '', lastEventId: context.lastEventId }),
        onError: {
          target: 'error',
          actions: [
            { type: 'logConnectFailure', params: ({ event }) => ({ error: event.error }) },
            assign({ error: ({ event }) => failureMessage(event.error) }),
          ],
        },
      },
      on: {
        'stream.message': [
          {
            guard: 'isNewEvent',
            actions: [
              assign({
                events: ({ context, event }) => addRealtimeEvent(context.events, event.event),
                lastEventId: ({ event }) => event.lastEventId,
              }),
              { type: 'deliverEvent', params: ({ event }) => ({ event: event.event }) },
            ],
          },
          { actions: assign({ lastEventId: ({ event }) => event.lastEventId }) },
        ],
        'stream.error': { target: 'reconnecting', actions: assign({ error: CONNECTION_LOST_MESSAGE }) },
        // A refreshed token needs a new connection: the query-string token is fixed at open.
        'token.changed': [
          { guard: 'offersToken', target: 'live', reenter: true, actions: 'storeToken' },
          { target: 'error', actions: ['storeToken', 'failWithoutToken'] },
        ],
      },
      initial: 'connecting',
      states: {
        connecting: {
          tags: ['connecting'],
          on: { 'stream.open': 'connected', 'stream.heartbeat': 'connected' },
        },
        connected: {
          tags: ['connected'],
          entry: assign({ error: null, attempts: 0 }),
        },
      },
    },
    reconnecting: {
      tags: ['error', 'reconnecting'],
      after: { reconnectDelay: connectOrFail },
    },
    error: {
      tags: ['error'],
      on: {
        'token.changed': [{ guard: 'offersToken', target: 'live', actions: 'storeToken' }, { actions: 'storeToken' }],
      },
    },
    stopped: {
      tags: ['stopped'],
      on: { 'auth.ready': { guard: 'authenticated', target: 'waiting', actions: 'storeToken' } },
    },
  },
});
