import { describe, expect, it, vi } from 'vitest';
import type Konva from 'konva';
import type { FloorSceneProps, SceneDevice } from '../../src/scene/FloorScene';
import { MARKER_CHUNK_NAME } from '../../src/scene/DeviceLayer';
import { frames, mountScene, sceneFixture } from './sceneHarness';

const STAGE = { width: 800, height: 560 };
const fixture = sceneFixture();

/** `count` cameras spread over the plan, some in error and some offline. */
const floor = (count: number): SceneDevice[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `cam-${i}`,
    name: `Camera ${i}`,
    status: i % 13 === 0 ? 'error' : i % 7 === 0 ? 'offline' : 'online',
    xPercent: 2 + ((i * 37) % 96),
    yPercent: 2 + ((i * 53) % 96),
  }));

const pixels = (canvas: HTMLCanvasElement): Uint8ClampedArray =>
  canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();

/** Bytes that differ between two bitmaps of the same size (a plain loop: a deep equal of millions of bytes is slow). */
function differingBytes(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  let count = 0;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) count += 1;
  return count;
}

describe('a large floor mounting slice by slice (issue 5)', () => {
  it('mounts every marker in slices over several tasks, and its bitmap is the one a full cache draws', async () => {
    const devices = floor(2000);
    const base = { imageUrl: fixture.imageUrl, ...STAGE, editable: true } satisfies Partial<FloorSceneProps>;
    const scene = await mountScene({ ...base, devices: [] });
    const container = scene.host.querySelector<HTMLElement>('[data-testid="floor-scene"]');
    scene.render({ ...base, devices });
    // The layer starts empty: the slices come in tasks of their own.
    expect(scene.stage().find('.device-marker')).toHaveLength(0);
    expect(container?.dataset.markersMounting).toBe('true');

    await vi.waitFor(() => expect(container?.dataset.markersMounting).toBeUndefined(), { timeout: 5000 });
    await frames(2);
    expect(scene.stage().find('.device-marker')).toHaveLength(devices.length);
    const chunks = scene.stage().find(`.${MARKER_CHUNK_NAME}`);
    expect(chunks.length).toBeGreaterThan(1);

    // The bitmap painted slice by slice equals a full cache of the same area.
    const group = scene.stage().findOne('.device-markers') as Konva.Group;
    const painted = group._getCanvasCache();
    if (!painted) throw new Error('the device layer is not cached');
    const sliced = pixels(painted.scene._canvas);
    const hitSliced = painted.hit ? pixels(painted.hit._canvas) : null;
    const ratio = painted.scene.getPixelRatio();
    group.cache({ x: painted.x, y: painted.y, width: painted.scene.width / ratio, height: painted.scene.height / ratio, pixelRatio: ratio, hitCanvasPixelRatio: ratio });
    const full = group._getCanvasCache();
    if (!full) throw new Error('no full cache');
    expect(sliced.some((byte) => byte > 0)).toBe(true);
    expect(differingBytes(sliced, pixels(full.scene._canvas))).toBe(0);
    if (hitSliced) {
      group.getLayer()?.draw();
      const fullHit = group._getCanvasCache()?.hit;
      if (!fullHit) throw new Error('no full hit cache');
      expect(differingBytes(hitSliced, pixels(fullHit._canvas))).toBe(0);
    }
  });

  it('draws devices in error on top: their chunks come last', async () => {
    const devices = floor(1200);
    const scene = await mountScene({ imageUrl: fixture.imageUrl, ...STAGE, editable: true, devices });
    const container = scene.host.querySelector<HTMLElement>('[data-testid="floor-scene"]');
    await vi.waitFor(() => expect(container?.dataset.markersMounting).toBeUndefined(), { timeout: 5000 });
    const statuses = scene
      .stage()
      .find('.device-marker')
      .map((node) => devices.find((d) => `device-marker:${d.id}` === node.id())?.status);
    const firstError = statuses.indexOf('error');
    expect(firstError).toBeGreaterThan(0);
    expect(statuses.slice(firstError).every((s) => s === 'error')).toBe(true);
  });
});
