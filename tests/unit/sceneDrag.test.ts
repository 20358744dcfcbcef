import { describe, expect, it } from 'vitest';
import { planCacheArea } from '../../src/scene/layerCache';
import { MAX_CACHE_SIDE } from '../../src/scene/planResolution';
import { byMarkerPriority, splitDragged } from '../../src/scene/sceneDevices';
import type { SceneDevice } from '../../src/scene/types';

const device = (id: string, x: number, overrides: Partial<SceneDevice> = {}): SceneDevice => ({
  id,
  name: `Camera ${id}`,
  status: 'online',
  xPercent: x,
  yPercent: 10,
  ...overrides,
});

describe('splitDragged', () => {
  it('hands back the previous resting array when nothing differs by value (new objects included)', () => {
    const first = splitDragged([device('a', 1), device('b', 2)], new Set(), null);
    const again = splitDragged([device('a', 1), device('b', 2)], new Set(), first.resting);
    expect(again.resting).toBe(first.resting);
    expect(again.dragged).toEqual([]);
  });

  it('keeps dragged devices at their last resting place, so drag frames leave the resting array alone', () => {
    const before = splitDragged([device('a', 1), device('b', 2)], new Set(), null);
    const frame1 = splitDragged([device('a', 5), device('b', 2)], new Set(['a']), before.resting);
    expect(frame1.resting).toBe(before.resting);
    expect(frame1.dragged).toEqual([device('a', 5)]);
    const frame2 = splitDragged([device('a', 9), device('b', 2)], new Set(['a']), frame1.resting);
    expect(frame2.resting).toBe(before.resting);
    expect(frame2.dragged.map((d) => d.xPercent)).toEqual([9]);
  });

  it('gives a new resting array when a device that is not dragged changes, or the list does', () => {
    const before = splitDragged([device('a', 1), device('b', 2)], new Set(), null);
    const changed = splitDragged([device('a', 5), device('b', 2, { status: 'error' })], new Set(['a']), before.resting);
    expect(changed.resting).not.toBe(before.resting);
    expect(changed.resting[0]).toBe(before.resting[0]);
    expect(changed.resting[1]?.status).toBe('error');
    const shorter = splitDragged([device('a', 1)], new Set(), changed.resting);
    expect(shorter.resting).toHaveLength(1);
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
