/**
 * The event stream machine's contract (SPEC.md sections 4, 5, 8 and 9): its timings and
 * messages, its events and context, and what the `eventSource` actor is given and sends
 * back. The edge (src/api/eventSource.ts) implements `EventSourceInput` -> `StreamEvent`.
 */
import type { RealtimeEvent } from '../lib/realtimeEvents';

/** SPEC.md section 9: delay between auth initialisation and connecting, ms. */
export const EVENT_STREAM_CONNECT_DELAY_MS = 500;
/** SPEC.md section 9: wait before reconnecting after a stream error, ms. */
export const EVENT_STREAM_RECONNECT_DELAY_MS = 1_000;
/** SPEC.md section 5. */
export const NO_TOKEN_MESSAGE = 'No authentication token available for SSE connection';
/** SPEC.md section 4. */
export const CONNECTION_LOST_MESSAGE = 'Connection to real-time events lost';
/** SPEC.md section 8: fallback when a failed connect gives no message. */
export const CONNECT_FAILED_MESSAGE = 'Failed to connect to real-time events';

/** What the `eventSource` actor is started with: the access token and last event id seen. */
export interface EventSourceInput {
  token: string;
  lastEventId: string | null;
}

/** What the `eventSource` actor sends back; `lastEventId` is the SSE `id:` of the message. */
export type StreamEvent =
  | { type: 'stream.open' }
  | { type: 'stream.heartbeat' }
  | { type: 'stream.message'; event: RealtimeEvent; lastEventId: string }
  | { type: 'stream.error' };

export type EventStreamEvent =
  | StreamEvent
  | { type: 'auth.ready'; authenticated: boolean; token: string | null }
  | { type: 'token.changed'; token: string | null }
  | { type: 'auth.signedOut' }
  | { type: 'stream.stop' };

export interface EventStreamContext {
  token: string | null;
  lastEventId: string | null;
  /** The message to show while the stream is down, else null. */
  error: string | null;
  /** Newest first, at most 20, one per event id (src/lib/realtimeEvents.ts). */
  events: readonly RealtimeEvent[];
  /** Connections opened since the stream was last connected; 0 while connected. */
  attempts: number;
}

/** `token`: the access token known at start, if any (auth.ready brings it otherwise). */
export interface EventStreamInput {
  token?: string | null;
}
