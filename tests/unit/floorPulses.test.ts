import { describe, expect, it } from 'vitest';
import { floorPulses, focusedDeviceParam } from '../../src/screens/floor/floorPulses';
import type { LiveDeviceIndicator } from '../../src/lib/realtimeEvents';

const indicator = (deviceId: string, overrides: Partial<LiveDeviceIndicator> = {}): LiveDeviceIndicator => ({
  deviceId,
  name: deviceId,
  eventType: 'Intrusion',
  timestamp: 1_700_000_000_000,
  mappedId: null,
  eventId: `evt-${deviceId}`,
  seenAt: 1_000,
  ...overrides,
});

describe('floorPulses', () => {
  it('pulses placed devices in their event colour, matched by mapped id, else device id', () => {
    const pulses = floorPulses(
      {
        'vx-1': indicator('vx-1', { mappedId: 'cam-1' }),
        'cam-2': indicator('cam-2', { eventType: 'Audio' }),
        'cam-3': indicator('cam-3', { eventType: 'Video motion' }),
        'cam-9': indicator('cam-9', { eventType: 'Face detected' }),
      },
      new Set(['cam-1', 'cam-2', 'cam-9']),
    );
    expect(pulses).toEqual([
      { deviceId: 'cam-1', tone: 'red', startedAt: 1_000, eventId: 'evt-vx-1' },
      { deviceId: 'cam-2', tone: 'green', startedAt: 1_000, eventId: 'evt-cam-2' },
      { deviceId: 'cam-9', tone: 'gray', startedAt: 1_000, eventId: 'evt-cam-9' },
    ]);
  });

  it('keeps one pulse per placed device, the one seen last', () => {
    const pulses = floorPulses(
      {
        'cam-1': indicator('cam-1', { eventType: 'Tampering', seenAt: 5_000 }),
        'vx-1': indicator('vx-1', { mappedId: 'cam-1', eventType: 'Audio', seenAt: 2_000 }),
      },
      new Set(['cam-1']),
    );
    expect(pulses).toEqual([{ deviceId: 'cam-1', tone: 'orange', startedAt: 5_000, eventId: 'evt-cam-1' }]);
  });

  it('reads ?device= from the search string', () => {
    expect(focusedDeviceParam('device=cam%201&mode=view')).toBe('cam 1');
    expect(focusedDeviceParam('?device=cam-1')).toBe('cam-1');
    expect(focusedDeviceParam('mode=edit')).toBeNull();
    expect(focusedDeviceParam('device=')).toBeNull();
  });
});
