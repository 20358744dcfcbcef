import { describe, expect, it } from 'vitest';
import { planCacheArea } from '../../src/scene/layerCache';
import { MAX_CACHE_SIDE } from '../../src/scene/planResolution';
import { byMarkerPriority, draggedDevices } from '../../src/scene/sceneDevices';
import type { SceneDevice } from '../../src/scene/types';

const device = (id: string, x: number, overrides: Partial<SceneDevice> = {}): SceneDevice => ({
  id,
  name: `Camera ${id}`,
  status: 'online',
  xPercent: x,
  yPercent: 10,
  ...overrides,
});

describe('draggedDevices', () => {
  it('gives the dragged devices in the order of the devices, the same objects', () => {
    const devices = [device('a', 1), device('b', 2), device('c', 3)];
    const dragged = draggedDevices(devices, new Set(['c', 'a']));
    expect(dragged).toEqual([devices[0], devices[2]]);
    expect(dragged[0]).toBe(devices[0]);
  });

  it('gives none when no drag runs, and leaves out ids not on the floor', () => {
    expect(draggedDevices([device('a', 1)], new Set())).toEqual([]);
    expect(draggedDevices([device('a', 1)], new Set(['z']))).toEqual([]);
  });
});

describe('byMarkerPriority', () => {
  it('puts devices in error first, then offline, then online, each by name', () => {
    const sorted = [device('1', 0, { name: 'b' }), device('2', 0, { name: 'a', status: 'offline' }), device('3', 0, { name: 'z', status: 'error' }), device('4', 0, { name: 'a' })].sort(
      byMarkerPriority,
    );
    expect(sorted.map((d) => d.id)).toEqual(['3', '2', '4', '1']);
  });
});

describe('planCacheArea', () => {
  it('covers the plan plus the marker reach at one cache px per device px', () => {
    const area = planCacheArea({ width: 9355, height: 6623 }, 0.1, 2, 100);
    expect(area).toEqual({ x: -1000, y: -1000, width: 11355, height: 8623, pixelRatio: 0.2 });
  });

  it('gives null past the longest cache side, and for an empty plan', () => {
    expect(planCacheArea({ width: 9355, height: 6623 }, 0.5, 1)).toBeNull();
    const justFits = MAX_CACHE_SIDE / 1.02 / 9355;
    expect(planCacheArea({ width: 9355, height: 6623 }, justFits, 1, 0)).not.toBeNull();
    expect(planCacheArea({ width: 0, height: 10 }, 1, 1)).toBeNull();
  });
});
