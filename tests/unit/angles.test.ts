import { describe, expect, it } from 'vitest';
import {
  clampAngle,
  headingToPoint,
  normaliseHeading,
  parseDegrees,
  pointerToHeading,
  roundDegrees,
  snapDegrees,
  stepHeading,
  wedgePath,
} from '../../src/lib/angles';

describe('normaliseHeading (0..<360, clockwise from up)', () => {
  it.each([
    [0, 0],
    [359, 359],
    [359.5, 359.5],
    [360, 0],
    [370, 10],
    [725, 5],
    [-1, 359],
    [-90, 270],
    [-360, 0],
    [-0, 0],
    [359.999, 0],
    [12.345678, 12.35],
  ])('%d -> %d', (input, expected) => {
    expect(Object.is(normaliseHeading(input), expected)).toBe(true);
  });

  it('gives 0 for non-finite input', () => {
    expect(normaliseHeading(Number.NaN)).toBe(0);
    expect(normaliseHeading(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('clampAngle (1..360, no wrap)', () => {
  it.each([
    [0, 1],
    [-20, 1],
    [0.5, 1],
    [1, 1],
    [90, 90],
    [360, 360],
    [361, 360],
    [720, 360],
    [Number.POSITIVE_INFINITY, 360],
    [Number.NEGATIVE_INFINITY, 1],
    [Number.NaN, 1],
  ])('%d -> %d', (input, expected) => {
    expect(clampAngle(input)).toBe(expected);
  });
});

describe('stepping and snapping', () => {
  it('steps the heading and wraps at both ends', () => {
    expect(stepHeading(0, -1)).toBe(359);
    expect(stepHeading(359, 1)).toBe(0);
    expect(stepHeading(350, 15)).toBe(5);
    expect(stepHeading(10, -15)).toBe(355);
    expect(stepHeading(0.1, 0.2)).toBe(0.3);
  });

  it('snaps to a step', () => {
    expect(snapDegrees(7, 15)).toBe(0);
    expect(snapDegrees(8, 15)).toBe(15);
    expect(snapDegrees(352.6, 15)).toBe(360);
    expect(snapDegrees(44.4, 1)).toBe(44);
    expect(snapDegrees(44.4, 0)).toBe(44.4);
  });

  it('rounds without negative zero', () => {
    expect(Object.is(roundDegrees(-0.0001), 0)).toBe(true);
    expect(roundDegrees(1.23456, 1)).toBe(1.2);
  });
});

describe('pointer and dial geometry (screen pixels, y down)', () => {
  it.each([
    [0, -10, 0],
    [10, 0, 90],
    [0, 10, 180],
    [-10, 0, 270],
    [10, -10, 45],
    [-10, -10, 315],
    [10, 10, 135],
    [0, 0, 0],
  ])('pointer offset (%d, %d) -> %d°', (dx, dy, heading) => {
    expect(pointerToHeading(dx, dy)).toBe(heading);
  });

  it('headingToPoint is the inverse of pointerToHeading', () => {
    for (const heading of [0, 1, 45, 90, 179, 180, 181, 270, 359]) {
      const p = headingToPoint(heading, 50, 100, 100);
      expect(pointerToHeading(p.x - 100, p.y - 100)).toBeCloseTo(heading, 6);
      expect(Math.hypot(p.x - 100, p.y - 100)).toBeCloseTo(50, 9);
    }
    expect(headingToPoint(90, 10)).toEqual({ x: 10, y: expect.closeTo(0, 9) });
  });

  it('draws a wedge from the centre spanning the angle about the heading', () => {
    // Heading 90 (right), 90 wide: from 45 (up-right) to 135 (down-right), small arc.
    const d = wedgePath(90, 90, 10, 0, 0);
    expect(d).toBe('M 0 0 L 7.071 -7.071 A 10 10 0 0 1 7.071 7.071 Z');
  });

  it('uses the large arc past 180 and a full disc at 360', () => {
    expect(wedgePath(0, 270, 10, 50, 50)).toContain(' 0 1 1 ');
    expect(wedgePath(0, 180, 10, 50, 50)).toContain(' 0 0 1 ');
    expect(wedgePath(123, 360, 10, 50, 50)).toBe('M 50 40 A 10 10 0 1 1 50 60 A 10 10 0 1 1 50 40 Z');
  });
});

describe('parseDegrees', () => {
  it.each([
    ['90', 90],
    [' 45.5 ', 45.5],
    ['12,5', 12.5],
    ['-30', -30],
    ['270°', 270],
    ['.5', 0.5],
    ['1e2', 100],
  ])('%j -> %d', (text, value) => {
    expect(parseDegrees(text)).toBe(value);
  });

  it.each(['', '  ', 'abc', '12abc', '1e999', '--1', '°', 'NaN', 'Infinity'])('%j is not a number of degrees', (text) => {
    expect(parseDegrees(text)).toBeNull();
  });
});
