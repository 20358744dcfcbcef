import { describe, expect, it } from 'vitest';
import {
  applyChanges,
  invertChanges,
  invertKind,
  mergeChanges,
  moveChanges,
  placementEqual,
  removeChanges,
  roundPercent,
  saveFailureMessage,
  saveSteps,
} from '../../src/machines/floorEditor/commands';
import type { Fov, Placement, Placements } from '../../src/machines/floorEditor/types';

const fov: Fov = { heading_deg: 90, angle_deg: 60, range_percent: 20 };
const at = (x: number, y: number, withFov: Fov | null = null): Placement => ({ x_percent: x, y_percent: y, fov: withFov });
const placements: Placements = { a: at(10, 10), b: at(99.8, 0.3, fov), c: at(50, 50) };

describe('floor editor commands', () => {
  it('applies a change set and its inverse back to the start', () => {
    const changes = [
      { id: 'a', before: at(10, 10), after: at(20, 30) },
      { id: 'c', before: at(50, 50), after: null },
      { id: 'd', before: null, after: at(1, 2) },
    ];
    const applied = applyChanges(placements, changes);
    expect(applied).toEqual({ a: at(20, 30), b: placements.b, d: at(1, 2) });
    expect(applyChanges(applied, invertChanges(changes))).toEqual(placements);
    expect(applyChanges(applied, changes, 'before')).toEqual(placements);
    expect(placements.a).toEqual(at(10, 10));
  });

  it('keeps an id such as __proto__ an ordinary key', () => {
    const applied = applyChanges({}, [{ id: '__proto__', before: null, after: at(5, 5) }]);
    expect(Object.keys(applied)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(applied)).toBe(Object.prototype);
  });

  it('inverts kinds: an undone add removes, an undone remove adds', () => {
    expect(invertKind('add')).toBe('remove');
    expect(invertKind('remove')).toBe('add');
    expect(invertKind('move')).toBe('move');
    expect(invertKind('setFov')).toBe('setFov');
  });

  it('moves many devices in one change set, clamped to 0..100 and rounded', () => {
    const changes = moveChanges(placements, ['a', 'b', 'missing'], 0.5, -0.5);
    expect(changes).toEqual([
      { id: 'a', before: at(10, 10), after: at(10.5, 9.5) },
      { id: 'b', before: placements.b, after: at(100, 0, fov) },
    ]);
    expect(moveChanges(placements, ['a'], 0, 0)).toEqual([]);
    expect(roundPercent(1 / 3)).toBe(0.333);
    expect(roundPercent(Number.NaN)).toBe(0);
    expect(roundPercent(-4)).toBe(0);
  });

  it('keeps the removed placements so an undo restores them', () => {
    expect(removeChanges(placements, ['b', 'nope'])).toEqual([{ id: 'b', before: placements.b, after: null }]);
  });

  it('compares placements including the field of view', () => {
    expect(placementEqual(at(1, 2, fov), at(1, 2, { ...fov }))).toBe(true);
    expect(placementEqual(at(1, 2, fov), at(1, 2, { ...fov, angle_deg: 61 }))).toBe(false);
    expect(placementEqual(at(1, 2), null)).toBe(false);
    expect(placementEqual(null, null)).toBe(true);
  });

  it('derives the API calls of a save from before and after', () => {
    expect(
      saveSteps([
        { id: 'a', before: at(10, 10), after: at(11, 10) },
        { id: 'b', before: null, after: at(5, 6, fov) },
        { id: 'c', before: at(50, 50), after: null },
        { id: 'd', before: at(1, 1, fov), after: at(1, 1, null) },
        { id: 'e', before: at(1, 1), after: at(2, 2, fov) },
      ]),
    ).toEqual([
      { op: 'move', id: 'a', x_percent: 11, y_percent: 10 },
      { op: 'place', id: 'b', x_percent: 5, y_percent: 6 },
      { op: 'setFov', id: 'b', fov },
      { op: 'remove', id: 'c' },
      { op: 'setFov', id: 'd', fov: null },
      { op: 'move', id: 'e', x_percent: 2, y_percent: 2 },
      { op: 'setFov', id: 'e', fov },
    ]);
  });

  it("names a failed save with SPEC.md section 8's messages", () => {
    expect(saveFailureMessage({ kind: 'move' })).toBe('Failed to update device positions');
    expect(saveFailureMessage({ kind: 'add' })).toBe('Failed to create device position');
    expect(saveFailureMessage({ kind: 'remove' })).toBe('Failed to remove device from floor');
    expect(saveFailureMessage({ kind: 'setFov' })).toBe('Failed to update device');
  });
});

describe('mergeChanges', () => {
  it('keeps one part per device: the first before and the last after', () => {
    expect(
      mergeChanges([
        { id: 'a', before: at(1, 1), after: at(2, 2) },
        { id: 'b', before: null, after: at(5, 5) },
        { id: 'a', before: at(2, 2), after: at(3, 3) },
      ]),
    ).toEqual([
      { id: 'a', before: at(1, 1), after: at(3, 3) },
      { id: 'b', before: null, after: at(5, 5) },
    ]);
  });

  it('moves and removes a device named twice once', () => {
    expect(moveChanges(placements, ['a', 'a'], 1, 0)).toHaveLength(1);
    expect(removeChanges(placements, ['a', 'a'])).toHaveLength(1);
  });
});
