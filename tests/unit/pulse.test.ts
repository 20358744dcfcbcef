import { describe, expect, it } from 'vitest';
import {
  isPulseAlive,
  PULSE_ACTIVE_MS,
  PULSE_FADE_MS,
  PULSE_PERIOD_MS,
  PULSE_RING_END_PX,
  PULSE_RING_OPACITY,
  PULSE_RING_START_PX,
  pulseEnvelope,
  pulseRings,
  pulsesAttribute,
} from '../../src/scene/pulse';
import { MARKER_RADIUS_PX } from '../../src/scene/geometry';

describe('pulse timing', () => {
  it('is alive for the active time plus the fade, then gone', () => {
    const start = 1_000_000;
    expect(isPulseAlive(start, start)).toBe(true);
    expect(isPulseAlive(start, start + PULSE_ACTIVE_MS + PULSE_FADE_MS - 1)).toBe(true);
    expect(isPulseAlive(start, start + PULSE_ACTIVE_MS + PULSE_FADE_MS)).toBe(false);
  });

  it('holds full strength while active and fades linearly after', () => {
    expect(pulseEnvelope(0)).toBe(1);
    expect(pulseEnvelope(PULSE_ACTIVE_MS - 1)).toBe(1);
    expect(pulseEnvelope(PULSE_ACTIVE_MS + PULSE_FADE_MS / 2)).toBeCloseTo(0.5, 9);
    expect(pulseEnvelope(PULSE_ACTIVE_MS + PULSE_FADE_MS)).toBe(0);
    expect(pulseEnvelope(-5_000)).toBe(1);
  });
});

describe('pulse rings', () => {
  it('sends two rings half a period apart, growing outside the marker and fading as they grow', () => {
    const [first, second] = pulseRings(0);
    expect(first).toEqual({ radius: PULSE_RING_START_PX, opacity: PULSE_RING_OPACITY });
    expect(second?.radius).toBeCloseTo((PULSE_RING_START_PX + PULSE_RING_END_PX) / 2, 9);
    expect(second?.opacity).toBeCloseTo(PULSE_RING_OPACITY / 2, 9);
    expect(PULSE_RING_START_PX).toBeGreaterThan(MARKER_RADIUS_PX);
    const later = pulseRings(PULSE_PERIOD_MS * 0.25)[0];
    expect(later?.radius).toBeGreaterThan(PULSE_RING_START_PX);
    expect(later?.opacity).toBeLessThan(PULSE_RING_OPACITY);
  });

  it('repeats every period while active', () => {
    expect(pulseRings(PULSE_PERIOD_MS * 3 + 100)[0]?.radius).toBeCloseTo(pulseRings(100)[0]?.radius ?? 0, 6);
  });

  it('dims the rings with the fade and has none once faded', () => {
    const fading = pulseRings(PULSE_ACTIVE_MS + PULSE_FADE_MS / 2);
    const same = pulseRings((PULSE_ACTIVE_MS + PULSE_FADE_MS / 2) % PULSE_PERIOD_MS);
    expect(fading[0]?.opacity).toBeCloseTo((same[0]?.opacity ?? 0) / 2, 6);
    expect(pulseRings(PULSE_ACTIVE_MS + PULSE_FADE_MS)).toEqual([]);
  });
});

describe('pulsesAttribute', () => {
  it('lists device and tone pairs sorted by device id', () => {
    expect(pulsesAttribute([])).toBe('');
    expect(
      pulsesAttribute([
        { deviceId: 'cam-2', tone: 'red' },
        { deviceId: 'cam-1', tone: 'blue' },
      ]),
    ).toBe('cam-1:blue,cam-2:red');
  });
});
