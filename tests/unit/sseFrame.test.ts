import { describe, expect, it } from 'vitest';
import { connectedFrame, heartbeatFrame, sseFrame, webhookEventFrame } from '../../server/realtime/sseFrame';
import type { RealtimeEventMessage } from '../../server/realtime/eventBus';
import { SseParser, parseSse } from '../server/helpers/sseParser';

const event: RealtimeEventMessage = {
  id: '6f1c2a4e-8d1b-4c1e-9a55-0b7f3e2d9c10',
  device_id: 'cam-17',
  device_name: 'Lobby camera',
  mapped_device_id: 'cam-17',
  device_mac: '00:11:22:33:44:55',
  event_type: 'Intrusion',
  event_name: 'Intrusion detected\nzone "A"',
  local_time: 1_763_760_000,
  received_at: '2026-11-21T21:20:00.000Z',
  has_snapshot: false,
  alert: null,
};

describe('sseFrame', () => {
  it('writes id, event and data lines and ends with a blank line', () => {
    expect(sseFrame({ id: 'abc', event: 'webhook_event', data: '{"a":1}' })).toBe('id: abc\nevent: webhook_event\ndata: {"a":1}\n\n');
  });

  it('leaves the id out when none is given, so the browser keeps its last event id', () => {
    const text = sseFrame({ id: 'first', event: 'webhook_event', data: '1' }) + sseFrame({ event: 'heartbeat', data: '2' });
    expect(text).toBe('id: first\nevent: webhook_event\ndata: 1\n\nevent: heartbeat\ndata: 2\n\n');
    expect(parseSse(text).map((m) => m.lastEventId)).toEqual(['first', 'first']);
  });

  it('splits multi-line data into one data line each, which a reader joins back with LF', () => {
    const frame = sseFrame({ event: 'connected', data: 'one\r\ntwo\rthree\nfour' });
    expect(frame).toBe('event: connected\ndata: one\ndata: two\ndata: three\ndata: four\n\n');
    expect(parseSse(frame)).toEqual([{ event: 'connected', data: 'one\ntwo\nthree\nfour', lastEventId: '' }]);
  });

  it('writes a data line even for empty data, so the browser dispatches the message', () => {
    expect(sseFrame({ event: 'heartbeat', data: '' })).toBe('event: heartbeat\ndata: \n\n');
    expect(parseSse(sseFrame({ event: 'heartbeat', data: '' }))).toEqual([{ event: 'heartbeat', data: '', lastEventId: '' }]);
  });

  it('refuses an id with a line break or NUL, which would inject a field or be ignored', () => {
    expect(() => sseFrame({ id: 'a\nevent: connected', event: 'webhook_event', data: 'x' })).toThrow(RangeError);
    expect(() => sseFrame({ id: 'a\rb', event: 'webhook_event', data: 'x' })).toThrow(RangeError);
    expect(() => sseFrame({ id: 'a\0b', event: 'webhook_event', data: 'x' })).toThrow(RangeError);
  });
});

describe('stream frames', () => {
  it('webhook_event carries the event id and the event JSON (escaped line breaks stay on one line)', () => {
    const frame = webhookEventFrame(event);
    expect(frame.startsWith(`id: ${event.id}\nevent: webhook_event\ndata: {`)).toBe(true);
    expect(frame.split('\n')).toHaveLength(5);
    const [parsed] = parseSse(frame);
    expect(parsed?.event).toBe('webhook_event');
    expect(parsed?.lastEventId).toBe(event.id);
    expect(JSON.parse(parsed?.data ?? '')).toEqual(event);
  });

  it('connected says the heartbeat interval in ms; heartbeat says the time', () => {
    expect(parseSse(connectedFrame(15_000))).toEqual([
      { event: 'connected', data: '{"status":"connected","heartbeat_interval_ms":15000}', lastEventId: '' },
    ]);
    expect(heartbeatFrame(new Date('2026-11-21T21:20:15.000Z'))).toBe('event: heartbeat\ndata: {"time":"2026-11-21T21:20:15.000Z"}\n\n');
  });

  it('a reader fed byte by byte sees the same messages (CRLF split across chunks included)', () => {
    const text = `${webhookEventFrame(event)}event: heartbeat\r\ndata: x\r\n\r\n`;
    const parser = new SseParser();
    const seen = [...text].flatMap((char) => parser.push(char));
    expect(seen.map((m) => m.event)).toEqual(['webhook_event', 'heartbeat']);
    expect(seen[1]).toEqual({ event: 'heartbeat', data: 'x', lastEventId: event.id });
  });
});
