import { describe, expect, it } from 'vitest';
import { chunksInSlices, markerChunks, SLICE_MARKERS } from '../../src/scene/markerChunks';
import { byMarkerPriority } from '../../src/scene/sceneDevices';
import type { SceneDevice } from '../../src/scene/types';

const floor = (count: number): SceneDevice[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `cam-${i}`,
    name: `Camera ${i}`,
    status: i % 11 === 0 ? 'error' : i % 5 === 0 ? 'offline' : 'online',
    xPercent: i % 100,
    yPercent: (i * 7) % 100,
  }));

const chunksOf = (devices: readonly SceneDevice[]) => markerChunks([...devices].sort(byMarkerPriority), (d) => d);

describe('markerChunks', () => {
  it('keeps every device once, bottom first: online, offline, then error chunks, each in draw order', () => {
    const devices = floor(3000);
    const chunks = chunksOf(devices);
    const drawn = chunks.flatMap((c) => c.items);
    expect(drawn).toHaveLength(devices.length);
    expect(new Set(drawn.map((d) => d.id)).size).toBe(devices.length);
    const statuses = chunks.map((c) => c.items[0]?.status);
    expect(statuses.indexOf('offline')).toBeGreaterThan(statuses.lastIndexOf('online'));
    expect(statuses.indexOf('error')).toBeGreaterThan(statuses.lastIndexOf('offline'));
    for (const chunk of chunks) {
      expect(new Set(chunk.items.map((d) => d.status)).size).toBe(1);
      // Drawn last first in priority order: names descend within a chunk.
      const names = chunk.items.map((d) => d.name);
      expect(names).toEqual([...names].sort(new Intl.Collator().compare).reverse());
    }
  });

  it('moves only the changed device when one status changes', () => {
    const devices = floor(3000);
    const before = new Map(chunksOf(devices).flatMap((c) => c.items.map((d) => [d.id, c.key] as const)));
    const changed = devices.map((d) => (d.id === 'cam-42' ? { ...d, status: 'error' as const } : d));
    const after = new Map(chunksOf(changed).flatMap((c) => c.items.map((d) => [d.id, c.key] as const)));
    const moved = [...after].filter(([id, key]) => before.get(id) !== key).map(([id]) => id);
    expect(moved).toEqual(['cam-42']);
  });
});

describe('chunksInSlices', () => {
  it('adds whole chunks of at least the slice size per slice, until all are in', () => {
    const chunks = chunksOf(floor(5000));
    const first = chunksInSlices(chunks, 1);
    expect(first).toBeGreaterThan(0);
    expect(chunks.slice(0, first).reduce((n, c) => n + c.items.length, 0)).toBeGreaterThanOrEqual(Math.min(SLICE_MARKERS, 5000));
    expect(chunksInSlices(chunks, 2)).toBeGreaterThan(first);
    expect(chunksInSlices(chunks, 10_000)).toBe(chunks.length);
    expect(chunksInSlices([], 1)).toBe(0);
  });
});
