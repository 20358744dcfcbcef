import { describe, expect, it } from 'vitest';
import { DASHBOARD_TARGET, LOGIN_TARGET, figuresOf, floorTarget, formatTable, judge } from '../../bench/lighthouse/targets';
import type { LighthouseResultLike } from '../../bench/lighthouse/targets';
import { markerSpot } from '../../bench/lighthouse/floorFixture';

/** A Lighthouse result shaped like LH.Result, with the members the bench reads. */
function result(performance: number | null): LighthouseResultLike {
  return {
    categories: { performance: { score: performance }, accessibility: { score: 1 }, 'best-practices': { score: 0.964 }, seo: { score: 0.91 } },
    audits: {
      'first-contentful-paint': { numericValue: 812.4 },
      'largest-contentful-paint': { numericValue: 1490.6 },
      'total-blocking-time': { numericValue: 20 },
      'cumulative-layout-shift': { numericValue: 0.0123 },
      'speed-index': {},
    },
    environment: { benchmarkIndex: 683.5 },
  };
}

describe('bench:lighthouse targets', () => {
  it('holds /login and /dashboard to 95 and the floor to 90, on the SPEC route of a floor', () => {
    expect([LOGIN_TARGET.minPerformance, DASHBOARD_TARGET.minPerformance]).toEqual([95, 95]);
    expect(floorTarget('f-1', 5000)).toEqual({ name: 'floor, 5000 markers', path: '/floors/f-1', minPerformance: 90 });
  });

  it('rounds scores to 0–100 as Lighthouse shows them and keeps metrics in ms', () => {
    const figures = figuresOf(result(0.945));
    expect(figures.scores).toEqual({ performance: 95, accessibility: 100, 'best-practices': 96, seo: 91 });
    expect(figures.metrics).toEqual({ FCP: 812.4, LCP: 1490.6, TBT: 20, CLS: 0.0123, SI: null });
    expect(figures.cpuIndex).toBe(684);
  });

  it('passes at the target, fails under it and when Lighthouse gave no score', () => {
    expect(judge(LOGIN_TARGET, figuresOf(result(0.95)), 3).pass).toBe(true);
    expect(judge(LOGIN_TARGET, figuresOf(result(0.94)), 3).pass).toBe(false);
    expect(judge(floorTarget('f', 5000), figuresOf(result(0.9)), 1).pass).toBe(true);
    expect(judge(floorTarget('f', 5000), figuresOf(result(null)), 1).pass).toBe(false);
  });

  it('prints one row per page with scores, metrics and the verdict', () => {
    const table = formatTable([judge(LOGIN_TARGET, figuresOf(result(0.98)), 3), judge(DASHBOARD_TARGET, figuresOf(result(0.8)), 3)]);
    const [header, login, dashboard] = table.split('\n');
    expect(header).toMatch(/^page\s+perf\s+a11y\s+best-pr\.\s+seo\s+FCP\s+LCP\s+TBT\s+CLS\s+SI\s+cpu idx\s+target\s+verdict$/);
    expect(login).toMatch(/^\/login\s+98\s+100\s+96\s+91\s+812 ms\s+1491 ms\s+20 ms\s+0\.012\s+—\s+684\s+perf ≥ 95\s+PASS$/);
    expect(dashboard).toMatch(/^\/dashboard\s+80 .*FAIL$/);
  });
});

describe('bench:lighthouse markers', () => {
  it('spreads 5 000 markers over the plan, 2–98 %, no two on the same spot', () => {
    const spots = Array.from({ length: 5000 }, (_, i) => markerSpot(i, 5000));
    for (const s of spots) {
      expect(s.x_percent).toBeGreaterThanOrEqual(2);
      expect(s.x_percent).toBeLessThanOrEqual(98);
      expect(s.y_percent).toBeGreaterThanOrEqual(2);
      expect(s.y_percent).toBeLessThanOrEqual(98);
    }
    expect(new Set(spots.map((s) => `${s.x_percent},${s.y_percent}`)).size).toBe(5000);
    // Markers fill the plan rather than a corner of it.
    expect(Math.max(...spots.map((s) => s.y_percent)) - Math.min(...spots.map((s) => s.y_percent))).toBeGreaterThan(85);
  });
});
