import { describe, expect, it } from 'vitest';
import { CHART_SERIES, pivotBuckets, seriesTotals } from '../../server/analytics/chart';
import { deviceMetrics, percentOf } from '../../server/analytics/metrics';

const zero = { Audio: 0, 'Video motion': 0, Intrusion: 0, 'Line crossing': 0, Tampering: 0, Other: 0 };

describe('chart pivot', () => {
  it('has the five spec types then Other', () => {
    expect(CHART_SERIES).toEqual(['Audio', 'Video motion', 'Intrusion', 'Line crossing', 'Tampering', 'Other']);
  });

  it('turns (bucket, series, count) rows into buckets oldest first with totals', () => {
    const t0 = new Date('2026-03-01T10:00:00Z');
    const t1 = new Date('2026-03-01T11:00:00Z');
    const rows = [
      ...CHART_SERIES.map((series) => ({ start: t1, series, count: series === 'Intrusion' ? 3 : 0 })),
      ...CHART_SERIES.map((series) => ({ start: t0, series, count: series === 'Other' ? 2 : series === 'Audio' ? 1 : 0 })),
    ];
    const buckets = pivotBuckets(rows);
    expect(buckets).toEqual([
      { start: '2026-03-01T10:00:00.000Z', counts: { ...zero, Audio: 1, Other: 2 }, total: 3 },
      { start: '2026-03-01T11:00:00.000Z', counts: { ...zero, Intrusion: 3 }, total: 3 },
    ]);
    expect(seriesTotals(buckets)).toEqual({ ...zero, Audio: 1, Intrusion: 3, Other: 2 });
  });

  it('refuses a series the chart does not have', () => {
    expect(() => pivotBuckets([{ start: new Date(0), series: 'Loitering', count: 1 }])).toThrow(/Loitering/);
  });
});

describe('device metrics', () => {
  it('rounds percentages and is 0 with no devices', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(1, 8)).toBe(13);
    expect(deviceMetrics({ total: 0, online: 0, offline: 0, error: 0 })).toEqual({ total: 0, online: 0, offline: 0, error: 0, onlinePercentage: 0, offlinePercentage: 0 });
    expect(deviceMetrics({ total: 3, online: 2, offline: 1, error: 0 })).toMatchObject({ onlinePercentage: 67, offlinePercentage: 33 });
  });
});
