/**
 * Server-sent event framing (WHATWG HTML "Server-sent events", the `text/event-stream`
 * format) for `GET /v1/events/stream` (SPEC.md section 7; DESIGN.md "Real time"). Pure:
 * every function returns the frame as a string, ready to write to the socket.
 */
import type { RealtimeEventMessage } from './eventBus';

/** The stream's event names (SPEC.md section 7 "Stream event names"). */
export type StreamEventName = 'connected' | 'heartbeat' | 'webhook_event';

/** One SSE message: `event:`, optional `id:`, and `data:` (text, may span lines). */
export interface SseMessage {
  event: StreamEventName;
  /** Becomes the browser's `lastEventId`; omitted, the browser keeps the previous one. */
  id?: string;
  data: string;
}

const LINE_BREAK = /\r\n|\r|\n/;

/** A field value that is one line: a line break would end the field and start another. */
function singleLine(field: string, value: string): string {
  if (LINE_BREAK.test(value)) throw new RangeError(`The SSE ${field} must not contain a line break`);
  return value;
}

/**
 * Frames one message: `id: …\nevent: …\ndata: …\n\n`, one `data:` line per line of `data`
 * (the browser joins them back with `\n`). `data` is always written, even when empty,
 * because a browser drops a message that has no data line.
 * @throws RangeError when `id` contains a line break or a NUL (the browser would ignore it)
 */
export function sseFrame(message: SseMessage): string {
  let frame = '';
  if (message.id !== undefined) {
    if (message.id.includes('\0')) throw new RangeError('The SSE id must not contain NUL');
    frame += `id: ${singleLine('id', message.id)}\n`;
  }
  frame += `event: ${message.event}\n`;
  for (const line of message.data.split(LINE_BREAK)) frame += `data: ${line}\n`;
  return `${frame}\n`;
}

/** `webhook_event` for one stored event: its id as the SSE `id:`, its JSON as `data:`. */
export function webhookEventFrame(event: RealtimeEventMessage): string {
  return sseFrame({ id: event.id, event: 'webhook_event', data: JSON.stringify(event) });
}

/** `connected`, written once when a stream opens; `heartbeatMs` tells the client how often to expect a heartbeat. */
export function connectedFrame(heartbeatMs: number): string {
  return sseFrame({ event: 'connected', data: JSON.stringify({ status: 'connected', heartbeat_interval_ms: heartbeatMs }) });
}

/** `heartbeat` with the server's time (ISO 8601), so a client can tell a live stream from a stalled one. */
export function heartbeatFrame(now: Date): string {
  return sseFrame({ event: 'heartbeat', data: JSON.stringify({ time: now.toISOString() }) });
}
