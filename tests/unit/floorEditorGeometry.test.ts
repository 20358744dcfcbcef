import { describe, expect, it } from 'vitest';
import { planPercent, stagePoint } from '../../src/scene/geometry';
import { moveChanges } from '../../src/machines/floorEditor/commands';
import {
  DRAG_THRESHOLD_PX,
  clampGroupDelta,
  headingTo,
  idsInRect,
  pastDragThreshold,
  rangeTo,
  rectFromPoints,
  selectionBounds,
} from '../../src/machines/floorEditor/editorGeometry';
import type { Placement, Placements } from '../../src/machines/floorEditor/types';

const at = (x: number, y: number): Placement => ({ x_percent: x, y_percent: y, fov: null });
const placements: Placements = { a: at(10, 10), b: at(20, 40), c: at(60, 15), d: at(100, 100), e: at(0, 0) };

describe('click versus drag threshold (3 CSS px)', () => {
  it('is a click below 3 px and a drag from 3 px on', () => {
    expect(DRAG_THRESHOLD_PX).toBe(3);
    expect(pastDragThreshold(stagePoint(10, 10), stagePoint(12, 12))).toBe(false);
    expect(pastDragThreshold(stagePoint(10, 10), stagePoint(13, 10))).toBe(true);
    expect(pastDragThreshold(stagePoint(10, 10), stagePoint(10, 7))).toBe(true);
  });
});

describe('marquee hit testing', () => {
  it('selects the markers whose position lies in the rectangle, edges included', () => {
    const rect = rectFromPoints(planPercent(25, 5), planPercent(5, 40));
    expect(rect).toEqual({ left: 5, top: 5, right: 25, bottom: 40 });
    expect(idsInRect(placements, rect)).toEqual(['a', 'b']);
  });

  it('finds markers on the plan edges and nothing in an empty area', () => {
    expect(idsInRect(placements, rectFromPoints(planPercent(0, 0), planPercent(100, 100)))).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(idsInRect(placements, rectFromPoints(planPercent(30, 50), planPercent(50, 90)))).toEqual([]);
    expect(idsInRect(placements, rectFromPoints(planPercent(60, 15), planPercent(60, 15)))).toEqual(['c']);
  });
});

describe('moving a selection inside the plan', () => {
  it('keeps the group shape and stops at 0 and 100', () => {
    const near: Placements = { a: at(99.8, 50), b: at(90, 0.3) };
    expect(clampGroupDelta(near, ['a', 'b'], { dx: 0.5, dy: 0 })).toEqual({ dx: expect.closeTo(0.2, 9), dy: 0 });
    expect(clampGroupDelta(near, ['a', 'b'], { dx: 0, dy: -5 })).toEqual({ dx: 0, dy: -0.3 });
    expect(clampGroupDelta(near, ['a', 'b'], { dx: -5, dy: 5 })).toEqual({ dx: -5, dy: 5 });
    const moved = moveChanges(near, ['a', 'b'], 0.5, -5);
    expect(moved.map((c) => c.after)).toEqual([at(100, 45), at(90.5, 0)]);
  });

  it('does not move markers already at the edge further out', () => {
    expect(clampGroupDelta(placements, ['d'], { dx: 5, dy: 5 })).toEqual({ dx: 0, dy: 0 });
    expect(clampGroupDelta(placements, ['e'], { dx: -0.5, dy: -0.5 })).toEqual({ dx: 0, dy: 0 });
    expect(clampGroupDelta(placements, ['e'], { dx: 0.5, dy: 0 })).toEqual({ dx: 0.5, dy: 0 });
    expect(clampGroupDelta(placements, ['missing'], { dx: 1, dy: 1 })).toEqual({ dx: 0, dy: 0 });
  });

  it('bounds the selection for zoom to selection', () => {
    expect(selectionBounds(placements, ['a', 'c', 'missing'])).toEqual({ left: 10, top: 10, right: 60, bottom: 15 });
    expect(selectionBounds(placements, [])).toBeNull();
  });
});

describe('field-of-view handles', () => {
  const origin = planPercent(50, 50);
  const plan = { width: 2000, height: 1000 };

  it('measures the heading clockwise from the image up, in image pixels', () => {
    expect(headingTo(origin, planPercent(50, 10), plan)).toBe(0);
    expect(headingTo(origin, planPercent(90, 50), plan)).toBe(90);
    expect(headingTo(origin, planPercent(50, 90), plan)).toBe(180);
    expect(headingTo(origin, planPercent(10, 50), plan)).toBe(270);
    // 10 % of 2000 px right and 20 % of 1000 px up: 45 degrees in pixels, not in percent.
    expect(headingTo(origin, planPercent(60, 30), plan)).toBe(45);
    expect(headingTo(origin, planPercent(50, 50.00001), plan)).toBe(180);
    expect(headingTo(origin, origin, plan)).toBeNull();
    expect(headingTo(origin, planPercent(49.99999, 10), plan)).toBe(0);
  });

  it('measures the range in percent of the image width, clamped to 0..100', () => {
    expect(rangeTo(origin, planPercent(70, 50), plan)).toBe(20);
    // 40 % of 1000 px down = 400 px = 20 % of the 2000 px width.
    expect(rangeTo(origin, planPercent(50, 90), plan)).toBe(20);
    expect(rangeTo(planPercent(0, 0), planPercent(100, 100), { width: 100, height: 1000 })).toBe(100);
    expect(rangeTo(origin, planPercent(50, 90), null)).toBe(40);
  });
});
