/**
 * What both bench pages (the React app page and the bare-Konva reference) offer the
 * driver, and the devices they draw: the same generated floor for both. Runs in the page.
 */
import type Konva from 'konva';
import type { SceneDevice } from '../../../src/scene/types';
import { createSeededRandom } from '../../../server/vortex-sim/random';

/** Path of the plan image on the bench's static server. */
export const PLAN_URL = '/plan.png';

/** The stage size, CSS px (the page's viewport is a little larger). */
export const STAGE_SIZE = { width: 1200, height: 760 };

/** One page's scene, as the driver drives it. Every call resolves once its change is drawn. */
export interface BenchPage {
  /** Which page this is, for the report. */
  readonly kind: 'app' | 'bare';
  /** Resolves when the plan is loaded and drawn (no markers). */
  ready(): Promise<void>;
  /** Shows `devices` (replacing any), with an empty selection and no pulses. */
  show(devices: readonly SceneDevice[]): Promise<void>;
  /** Selects `ids` (the editor's selection). */
  select(ids: readonly string[]): Promise<void>;
  /** Starts one pulse per id, seen at `startedAt` (ms since epoch). */
  pulse(ids: readonly string[], startedAt: number): Promise<void>;
  /** Changes one device's status. */
  setStatus(id: string, status: SceneDevice['status']): Promise<void>;
  /** The Konva stage, to aim pointer events at markers. */
  stage(): Konva.Stage;
}

/**
 * `count` devices spread over the plan (2..98 %), about 5 % in error and 10 % offline,
 * the first `withFov` with a field of view.
 */
export function generateDevices(count: number, withFov = 0): SceneDevice[] {
  // Seeded, so both pages and every run get the same floor.
  const next = createSeededRandom(count * 7919 + withFov);
  return Array.from({ length: count }, (_, i) => {
    const roll = next();
    return {
      id: `dev-${String(i).padStart(5, '0')}`,
      name: `Camera ${String(i + 1).padStart(5, '0')}`,
      status: roll < 0.05 ? 'error' : roll < 0.15 ? 'offline' : 'online',
      xPercent: 2 + next() * 96,
      yPercent: 2 + next() * 96,
      fov: i < withFov ? { heading_deg: Math.floor(next() * 360), angle_deg: 40 + Math.floor(next() * 60), range_percent: 2 + next() * 4 } : null,
    };
  });
}

/** Resolves after `count` animation frames: by then Konva's batched draws are on screen. */
export async function frames(count = 2): Promise<void> {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
}
