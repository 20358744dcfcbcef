import { describe, expect, it } from 'vitest';
import { frameFigures, percentile } from '../../bench/scene/stats';
import { verdict } from '../../bench/scene/report';

describe('bench:scene frame figures', () => {
  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 95)).toBe(5);
    expect(percentile([], 50)).toBeNaN();
  });

  it('gives fps at the median and the 95th percentile interval, and the longest frame', () => {
    const intervals = [...Array.from({ length: 19 }, () => 10), 100];
    expect(frameFigures(intervals)).toEqual({ fpsMedian: 100, fpsP5: 100, longestMs: 100, frames: 20 });
    expect(frameFigures([...intervals, 100]).fpsP5).toBe(10);
  });
});

describe('bench:scene verdicts', () => {
  const page = (fps: number) => ({ fpsMedian: fps, fpsP5: fps, longestMs: 1, frames: 60, heapMb: 1 });
  it('passes a frame target on the median ratio', () => {
    expect(verdict({ kind: 'frames', name: 'x', target: 0.8, app: page(80), bare: page(100), extras: {} }).pass).toBe(true);
    expect(verdict({ kind: 'frames', name: 'x', target: 0.9, app: page(80), bare: page(100), extras: {} }).pass).toBe(false);
  });

  it('passes a count at or under its limit, and a time ratio at or under its limit', () => {
    expect(verdict({ kind: 'count', name: 'x', value: 1, limit: 1 }).pass).toBe(true);
    expect(verdict({ kind: 'count', name: 'x', value: 0.3, limit: 0 }).pass).toBe(false);
    expect(verdict({ kind: 'time', name: 'x', app: [150, 140, 160], bare: [100, 100, 100], limit: 1.5 }).pass).toBe(true);
    expect(verdict({ kind: 'time', name: 'x', app: [160], bare: [100], limit: 1.5 }).pass).toBe(false);
  });
});
