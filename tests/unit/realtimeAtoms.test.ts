import { describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import {
  activeEventIdAtom,
  clearRealtimeAtom,
  deviceIndicatorsAtom,
  hasRealtimeEventsAtom,
  lastEventIdAtom,
  liveEventsPanelOpenAtom,
  realtimeConnectionAtom,
  realtimeEventsAtom,
  receiveRealtimeEventAtom,
  selectRealtimeEventAtom,
  setLastEventIdAtom,
  setRealtimeConnectionAtom,
} from '../../src/atoms/realtime.atoms';
import type { RealtimeEvent } from '../../src/lib/realtimeEvents';

const event = (n: number, overrides: Partial<RealtimeEvent> = {}): RealtimeEvent => ({
  id: `evt-${n}`,
  device_id: 'cam-1',
  device_name: 'Lobby camera',
  mapped_device_id: 'cam-1',
  device_mac: null,
  event_type: 'Video motion',
  event_name: 'Motion detected',
  local_time: 1_700_000_000 + n,
  ...overrides,
});

const seenAt = Date.parse('2025-06-01T00:00:00Z');

describe('realtime atoms (SPEC.md sections 4 and 9)', () => {
  it('starts empty, connecting, with the panel closed', () => {
    const store = createStore();
    expect(store.get(realtimeEventsAtom)).toEqual([]);
    expect(store.get(hasRealtimeEventsAtom)).toBe(false);
    expect(store.get(deviceIndicatorsAtom)).toEqual({});
    expect(store.get(realtimeConnectionAtom)).toEqual({ status: 'connecting', error: null });
    expect(store.get(lastEventIdAtom)).toBeNull();
    expect(store.get(activeEventIdAtom)).toBeNull();
    expect(store.get(liveEventsPanelOpenAtom)).toBe(false);
  });

  it('keeps events newest first and exposes the latest 10 of the 20 kept', () => {
    const store = createStore();
    for (let n = 1; n <= 25; n += 1) expect(store.set(receiveRealtimeEventAtom, event(n), seenAt)).toBe(true);
    const shown = store.get(realtimeEventsAtom);
    expect(shown.map((e) => e.id)).toEqual(Array.from({ length: 10 }, (_, i) => `evt-${25 - i}`));
    expect(store.get(hasRealtimeEventsAtom)).toBe(true);
    // The 20 kept are evt-6..evt-25: evt-6 is still known, evt-5 was dropped and counts as new again.
    expect(store.set(receiveRealtimeEventAtom, event(6), seenAt)).toBe(false);
    expect(store.set(receiveRealtimeEventAtom, event(5), seenAt)).toBe(true);
  });

  it('refuses an id it already keeps without touching the list or indicators', () => {
    const store = createStore();
    store.set(receiveRealtimeEventAtom, event(1), seenAt);
    const list = store.get(realtimeEventsAtom);
    const indicators = store.get(deviceIndicatorsAtom);
    expect(store.set(receiveRealtimeEventAtom, event(1, { event_type: 'Intrusion' }), seenAt + 5)).toBe(false);
    expect(store.get(realtimeEventsAtom)).toBe(list);
    expect(store.get(deviceIndicatorsAtom)).toBe(indicators);
  });

  it('keeps one indicator per device, replaced by a newer event', () => {
    const store = createStore();
    store.set(receiveRealtimeEventAtom, event(1), seenAt);
    store.set(receiveRealtimeEventAtom, event(2, { device_id: 'cam-2', device_name: 'Dock', mapped_device_id: null }), seenAt + 1);
    store.set(receiveRealtimeEventAtom, event(3, { event_type: 'Intrusion' }), seenAt + 2);
    expect(store.get(deviceIndicatorsAtom)).toEqual({
      'cam-1': {
        deviceId: 'cam-1',
        name: 'Lobby camera',
        eventType: 'Intrusion',
        timestamp: 1_700_000_003_000,
        mappedId: 'cam-1',
        eventId: 'evt-3',
        seenAt: seenAt + 2,
      },
      'cam-2': {
        deviceId: 'cam-2',
        name: 'Dock',
        eventType: 'Video motion',
        timestamp: 1_700_000_002_000,
        mappedId: null,
        eventId: 'evt-2',
        seenAt: seenAt + 1,
      },
    });
  });

  it('lists a replayed older event but keeps the newer indicator', () => {
    const store = createStore();
    store.set(receiveRealtimeEventAtom, event(5, { event_type: 'Tampering' }), seenAt);
    expect(store.set(receiveRealtimeEventAtom, event(1), seenAt + 10)).toBe(true);
    expect(store.get(realtimeEventsAtom).map((e) => e.id)).toEqual(['evt-1', 'evt-5']);
    expect(store.get(deviceIndicatorsAtom)['cam-1']).toMatchObject({ eventId: 'evt-5', eventType: 'Tampering' });
  });

  it('records the connection, last event id and active event, and clears them all', () => {
    const store = createStore();
    store.set(setRealtimeConnectionAtom, { status: 'error', error: 'Connection to real-time events lost' });
    const errored = store.get(realtimeConnectionAtom);
    store.set(setRealtimeConnectionAtom, { status: 'error', error: 'Connection to real-time events lost' });
    expect(store.get(realtimeConnectionAtom)).toBe(errored);
    store.set(setLastEventIdAtom, 'evt-9');
    store.set(receiveRealtimeEventAtom, event(9), seenAt);
    store.set(selectRealtimeEventAtom, 'evt-9');
    expect(store.get(lastEventIdAtom)).toBe('evt-9');
    expect(store.get(activeEventIdAtom)).toBe('evt-9');

    store.set(clearRealtimeAtom);
    expect(store.get(realtimeEventsAtom)).toEqual([]);
    expect(store.get(deviceIndicatorsAtom)).toEqual({});
    expect(store.get(realtimeConnectionAtom)).toEqual({ status: 'connecting', error: null });
    expect(store.get(lastEventIdAtom)).toBeNull();
    expect(store.get(activeEventIdAtom)).toBeNull();
  });
});
