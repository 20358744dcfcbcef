/**
 * Pure timing and look of a device's event pulse (SPEC.md section 4: "a device event
 * indicator replaces any earlier one for the same device"; section 9: event colours).
 * No React, no Konva: `PulseLayer` asks these functions for each frame's rings.
 *
 * A pulse runs for `PULSE_ACTIVE_MS` from when the event was seen, then fades out over
 * `PULSE_FADE_MS`. Meanwhile rings leave the marker every `PULSE_PERIOD_MS`, two at a
 * time half a period apart, growing from just outside the marker and fading as they grow.
 * Sizes are CSS px (the layer counter-scales them like the markers).
 */
import { MARKER_RADIUS_PX } from './geometry';
import type { ScenePulse } from './types';

/** How long a pulse ripples at full strength, ms. */
export const PULSE_ACTIVE_MS = 10_000;
/** How long it then takes to fade out, ms. */
export const PULSE_FADE_MS = 2_000;
/** One ring's life, ms. */
export const PULSE_PERIOD_MS = 1_200;
/** Rings alive at once, evenly out of phase. */
export const PULSE_RINGS = 2;
/** A ring's radius when it leaves the marker and when it vanishes, CSS px. */
export const PULSE_RING_START_PX = MARKER_RADIUS_PX + 3;
export const PULSE_RING_END_PX = MARKER_RADIUS_PX + 24;
/** Ring stroke width, CSS px. */
export const PULSE_RING_WIDTH_PX = 4;
/** A ring's opacity when it leaves the marker. */
export const PULSE_RING_OPACITY = 0.95;

/** One ring's look at an instant. */
export interface PulseRing {
  /** CSS px. */
  radius: number;
  /** 0..1. */
  opacity: number;
}

/** True while a pulse seen at `startedAt` still shows at `nowMs` (both ms since epoch). */
export function isPulseAlive(startedAt: number, nowMs: number): boolean {
  return nowMs - startedAt < PULSE_ACTIVE_MS + PULSE_FADE_MS;
}

/** The whole pulse's strength `elapsedMs` after it started: 1 while active, then down to 0 linearly. */
export function pulseEnvelope(elapsedMs: number): number {
  const elapsed = Math.max(0, elapsedMs);
  if (elapsed < PULSE_ACTIVE_MS) return 1;
  return Math.max(0, 1 - (elapsed - PULSE_ACTIVE_MS) / PULSE_FADE_MS);
}

/**
 * The rings `elapsedMs` after the pulse started (a negative time, from a clock that runs
 * behind, counts as 0): `PULSE_RINGS` rings, each growing from `PULSE_RING_START_PX` to
 * `PULSE_RING_END_PX` over a period while its opacity falls to 0, scaled by the envelope.
 * Empty once the pulse has faded out.
 */
export function pulseRings(elapsedMs: number): PulseRing[] {
  const elapsed = Math.max(0, elapsedMs);
  const envelope = pulseEnvelope(elapsed);
  if (envelope <= 0) return [];
  return Array.from({ length: PULSE_RINGS }, (_, index) => {
    const phase = (elapsed / PULSE_PERIOD_MS + index / PULSE_RINGS) % 1;
    return {
      radius: PULSE_RING_START_PX + (PULSE_RING_END_PX - PULSE_RING_START_PX) * phase,
      opacity: PULSE_RING_OPACITY * (1 - phase) * envelope,
    };
  });
}

/**
 * The scene container's `data-pulses` text: `<deviceId>:<tone>` of each pulse, sorted by
 * device id and joined with commas ('' for none), so an end-to-end test can read "the
 * marker pulses red" from the DOM.
 */
export function pulsesAttribute(pulses: readonly Pick<ScenePulse, 'deviceId' | 'tone'>[]): string {
  return pulses
    .map((p) => `${p.deviceId}:${p.tone}`)
    .sort()
    .join(',');
}
