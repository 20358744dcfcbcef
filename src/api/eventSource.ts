/**
 * The browser edge of the real-time event stream (SPEC.md section 7 "GET /events/stream",
 * DESIGN.md "Real time"): the `eventSource` actor that `eventStreamMachine` invokes. It
 * opens an `EventSource` on `/v1/events/stream?token=…&last_event_id=…`, turns the
 * server's `connected`, `heartbeat` and `webhook_event` events and the source's `error`
 * into `StreamEvent`s, and closes the source when the machine stops it.
 *
 * The token and last event id come in the actor's input: an EventSource cannot send an
 * Authorization header, nor `Last-Event-ID` when it is new, so both travel in the query.
 */
import { fromCallback } from 'xstate';
import type { EventObject } from 'xstate';
import { API_BASE_URL } from './client';
import { logger } from '../lib/logger';
import { toRealtimeEvent } from '../lib/realtimeEvents';
import type { RealtimeEvent } from '../lib/realtimeEvents';
import type { EventSourceInput, StreamEvent } from '../machines/eventStreamMachine';

/**
 * The stream's URL for `input`: `<baseUrl>/events/stream?token=…`, plus `&last_event_id=…`
 * when an event was seen before. Both values are URL-encoded.
 */
export function eventStreamUrl(input: EventSourceInput, baseUrl: string = API_BASE_URL): string {
  const query = new URLSearchParams({ token: input.token });
  if (input.lastEventId !== null) query.set('last_event_id', input.lastEventId);
  return `${baseUrl}/events/stream?${query.toString()}`;
}

/** The `data:` of a `webhook_event` as an event, or null when it is not JSON of that shape. */
function parseEvent(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    return toRealtimeEvent(JSON.parse(data));
  } catch {
    return null;
  }
}

export interface EventSourceActorOptions {
  /** The EventSource class; default `globalThis.EventSource`, read when a stream opens. */
  EventSource?: typeof EventSource;
  /** Default `/v1`. */
  baseUrl?: string;
}

/**
 * Makes the `eventSource` actor for `eventStreamMachine.provide({ actors: { eventSource } })`.
 * Opening throws what the `EventSource` constructor throws (a SyntaxError for a bad URL),
 * which the machine logs and shows as a connect failure (SPEC.md section 8). A malformed
 * `webhook_event` is logged and skipped; the stream stays open.
 */
export function createEventSourceActor(options: EventSourceActorOptions = {}) {
  return fromCallback<EventObject, EventSourceInput>(({ input, sendBack }) => {
    const send = (event: StreamEvent) => sendBack(event);
    const Source = options.EventSource ?? globalThis.EventSource;
    const source = new Source(eventStreamUrl(input, options.baseUrl));
    source.addEventListener('connected', () => send({ type: 'stream.open' }));
    source.addEventListener('heartbeat', () => send({ type: 'stream.heartbeat' }));
    source.addEventListener('webhook_event', (message: MessageEvent) => {
      const event = parseEvent(message.data);
      if (event === null) {
        logger.error('Skipped a malformed real-time event', message.data);
        return;
      }
      send({ type: 'stream.message', event, lastEventId: message.lastEventId || event.id });
    });
    // The machine answers by leaving `live`, which closes this source: no browser retry.
    source.addEventListener('error', () => send({ type: 'stream.error' }));
    return () => source.close();
  });
}
