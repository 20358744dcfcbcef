import { describe, expect, it } from 'vitest';
import {
  addRealtimeEvent,
  indicateDeviceEvent,
  latestRealtimeEvents,
  recordLiveIndicator,
  REALTIME_EVENTS_KEPT,
  REALTIME_EVENTS_SHOWN,
  toRealtimeEvent,
} from '../../src/lib/realtimeEvents';
import type { DeviceIndicators, RealtimeEvent } from '../../src/lib/realtimeEvents';

const event = (n: number, overrides: Partial<RealtimeEvent> = {}): RealtimeEvent => ({
  id: `evt-${n}`,
  device_id: 'cam-1',
  device_name: 'Lobby camera',
  mapped_device_id: 'pos-1',
  device_mac: '00:11:22:33:44:55',
  event_type: 'Video motion',
  event_name: 'Motion detected',
  local_time: 1_700_000_000 + n,
  ...overrides,
});

/** Adds events 1..n one at a time, as the stream delivers them. */
const received = (n: number) =>
  Array.from({ length: n }, (_, i) => event(i + 1)).reduce<readonly RealtimeEvent[]>(addRealtimeEvent, []);

describe('realtime event list (SPEC.md section 9: 20 kept, newest first, 10 shown)', () => {
  it('uses the spec limits', () => {
    expect(REALTIME_EVENTS_KEPT).toBe(20);
    expect(REALTIME_EVENTS_SHOWN).toBe(10);
  });

  it('puts the newest event first', () => {
    expect(received(3).map((e) => e.id)).toEqual(['evt-3', 'evt-2', 'evt-1']);
  });

  it('keeps at most 20 events, dropping the oldest', () => {
    const list = received(25);
    expect(list).toHaveLength(20);
    expect(list[0]?.id).toBe('evt-25');
    expect(list[19]?.id).toBe('evt-6');
  });

  it('exposes the latest 10', () => {
    expect(latestRealtimeEvents(received(25)).map((e) => e.id)).toEqual(
      [25, 24, 23, 22, 21, 20, 19, 18, 17, 16].map((n) => `evt-${n}`),
    );
    expect(latestRealtimeEvents(received(4))).toHaveLength(4);
  });

  it('ignores an event id it already holds (a replay) and returns the same list', () => {
    const list = received(3);
    const again = addRealtimeEvent(list, event(2, { event_name: 'replayed' }));
    expect(again).toBe(list);
    expect(again.map((e) => e.id)).toEqual(['evt-3', 'evt-2', 'evt-1']);
    expect(again[1]?.event_name).toBe('Motion detected');
  });

  it('does not change the list it is given', () => {
    const list = received(2);
    addRealtimeEvent(list, event(9));
    expect(list.map((e) => e.id)).toEqual(['evt-2', 'evt-1']);
  });
});

describe('toRealtimeEvent (the webhook_event payload)', () => {
  it('reads a null or absent event_name as the event type, as the server may send it', () => {
    const { event_name: _omitted, ...withoutName } = event(3);
    expect(toRealtimeEvent({ ...event(3), event_name: null })?.event_name).toBe(event(3).event_type);
    expect(toRealtimeEvent(withoutName)?.event_name).toBe(event(3).event_type);
    expect(toRealtimeEvent({ ...event(3), event_name: 42 })).toBeNull();
  });

  it('accepts the spec fields with local_time as seconds or a date string', () => {
    expect(toRealtimeEvent(event(1))).toEqual(event(1));
    const dated = { ...event(2), local_time: '2025-01-01T12:00:00Z' };
    expect(toRealtimeEvent(dated)).toEqual(dated);
  });

  it('reads absent mapped_device_id and device_mac as null and drops extra fields', () => {
    const { mapped_device_id: _m, device_mac: _d, ...bare } = event(3);
    expect(toRealtimeEvent({ ...bare, raw: { secret: 1 } })).toEqual({ ...bare, mapped_device_id: null, device_mac: null });
  });

  it('refuses payloads without a required field or with wrong types', () => {
    const { id: _id, ...noId } = event(4);
    expect(toRealtimeEvent(noId)).toBeNull();
    expect(toRealtimeEvent({ ...event(5), device_id: 42 })).toBeNull();
    expect(toRealtimeEvent({ ...event(6), local_time: null })).toBeNull();
    expect(toRealtimeEvent({ ...event(6), local_time: Number.NaN })).toBeNull();
    expect(toRealtimeEvent({ ...event(7), device_mac: 7 })).toBeNull();
    expect(toRealtimeEvent('evt-1')).toBeNull();
    expect(toRealtimeEvent(null)).toBeNull();
  });
});

describe('device indicators (SPEC.md section 4: a newer event replaces the earlier one)', () => {
  const now = Date.parse('2025-06-01T00:00:00Z');

  it('records the device id, name, event type, timestamp in ms and mapped id', () => {
    const indicators = indicateDeviceEvent({}, event(1), now);
    expect(indicators).toEqual({
      'cam-1': { deviceId: 'cam-1', name: 'Lobby camera', eventType: 'Video motion', timestamp: 1_700_000_001_000, mappedId: 'pos-1' },
    });
  });

  it('replaces the earlier indicator of the same device and keeps other devices', () => {
    let indicators: DeviceIndicators = {};
    indicators = indicateDeviceEvent(indicators, event(1), now);
    indicators = indicateDeviceEvent(indicators, event(2, { device_id: 'cam-2', device_name: 'Dock' }), now);
    indicators = indicateDeviceEvent(indicators, event(3, { event_type: 'Intrusion' }), now);
    expect(Object.keys(indicators).sort()).toEqual(['cam-1', 'cam-2']);
    expect(indicators['cam-1']?.eventType).toBe('Intrusion');
    expect(indicators['cam-1']?.timestamp).toBe(1_700_000_003_000);
    expect(indicators['cam-2']?.name).toBe('Dock');
  });

  it('keeps a newer indicator when an older event is replayed', () => {
    const newer = indicateDeviceEvent({}, event(5, { event_type: 'Tampering' }), now);
    expect(indicateDeviceEvent(newer, event(1), now)).toBe(newer);
  });

  it('uses the receive time when local_time is unreadable', () => {
    const indicators = indicateDeviceEvent({}, event(1, { local_time: 'not a time' }), now);
    expect(indicators['cam-1']?.timestamp).toBe(now);
  });

  it('does not change the map it is given', () => {
    const before: DeviceIndicators = {};
    indicateDeviceEvent(before, event(1), now);
    expect(before).toEqual({});
  });
});

describe('toRealtimeEvent: the optional fields newer servers send', () => {
  it('keeps received_at, has_snapshot and alert when well formed', () => {
    const withExtras = { ...event(8), received_at: '2025-06-01T00:00:01.000Z', has_snapshot: true, alert: { id: 'a-1', resolved: false } };
    expect(toRealtimeEvent(withExtras)).toEqual(withExtras);
    expect(toRealtimeEvent({ ...event(8), alert: null })?.alert).toBeNull();
  });

  it('leaves them out when absent or malformed, and still reads the event', () => {
    const read = toRealtimeEvent({ ...event(8), received_at: 5, has_snapshot: 'yes', alert: { id: 1, resolved: false } });
    expect(read).toEqual(event(8));
    expect(read && 'alert' in read).toBe(false);
  });
});

describe('recordLiveIndicator', () => {
  const now = Date.parse('2025-06-01T00:00:00Z');

  it('records the event id and when it was seen, replacing the earlier indicator', () => {
    const first = recordLiveIndicator({}, event(1), now);
    expect(first['cam-1']).toMatchObject({ eventId: 'evt-1', seenAt: now, eventType: 'Video motion' });
    const second = recordLiveIndicator(first, event(2, { event_type: 'Audio' }), now + 1_000);
    expect(second['cam-1']).toMatchObject({ eventId: 'evt-2', seenAt: now + 1_000, eventType: 'Audio' });
    expect(first['cam-1']?.eventId).toBe('evt-1');
  });

  it('returns the same map when an older event is replayed', () => {
    const newer = recordLiveIndicator({}, event(5), now);
    expect(recordLiveIndicator(newer, event(1), now + 1)).toBe(newer);
  });
});
