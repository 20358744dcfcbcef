import { describe, expect, it } from 'vitest';
import { toChartData, toDeviceMetrics } from '../../src/api/analytics';
import { alignedData, chartSummary, seriesStyles } from '../../src/screens/dashboard/chartSeries';
import { percentOf } from '../../src/screens/dashboard/DeviceMetricsCards';
import { floorsByBuilding } from '../../src/screens/dashboard/BuildingsOverview';
import { EVENT_TONE_HEX } from '../../src/lib/eventColours';

const SERIES = ['Audio', 'Video motion', 'Intrusion', 'Line crossing', 'Tampering', 'Other'];

describe('analytics answers', () => {
  it('read device metrics, absent or bad figures as 0', () => {
    const answer = { total: 3, online: 2, offline: 1, error: 0, onlinePercentage: 67, offlinePercentage: 33, unresolvedAlerts: 4 };
    expect(toDeviceMetrics(answer)).toEqual(answer);
    expect(toDeviceMetrics({ total: 'x' })).toMatchObject({ total: 0, unresolvedAlerts: 0 });
    expect(toDeviceMetrics(null).total).toBe(0);
  });

  it('read chart data in the server series order, dropping buckets without a start', () => {
    const chart = toChartData(
      { range: '7d', bucket: 'day', series: SERIES, buckets: [{ start: '2025-11-20T00:00:00.000Z', counts: { Audio: 2, Intrusion: 1 } }, { counts: {} }], totals: { Audio: 2, Intrusion: 1 } },
      '7d',
    );
    expect(chart.bucket).toBe('day');
    expect(chart.buckets).toEqual([{ start: '2025-11-20T00:00:00.000Z', counts: { Audio: 2, 'Video motion': 0, Intrusion: 1, 'Line crossing': 0, Tampering: 0, Other: 0 }, total: 3 }]);
    expect(chart.totals.Audio).toBe(2);
  });
});

describe('chart series', () => {
  it('colour each event type by the spec and dash the second red series (Line crossing)', () => {
    expect(seriesStyles(SERIES)).toEqual([
      { label: 'Audio', stroke: EVENT_TONE_HEX.green, dash: [] },
      { label: 'Video motion', stroke: EVENT_TONE_HEX.blue, dash: [] },
      { label: 'Intrusion', stroke: EVENT_TONE_HEX.red, dash: [] },
      { label: 'Line crossing', stroke: EVENT_TONE_HEX.red, dash: [6, 4] },
      { label: 'Tampering', stroke: EVENT_TONE_HEX.orange, dash: [] },
      { label: 'Other', stroke: EVENT_TONE_HEX.gray, dash: [] },
    ]);
  });

  it('align the buckets as Unix seconds and one count array per series', () => {
    const chart = {
      series: ['Audio', 'Intrusion'],
      buckets: [
        { start: '2025-11-21T10:00:00.000Z', counts: { Audio: 1, Intrusion: 0 }, total: 1 },
        { start: '2025-11-21T11:00:00.000Z', counts: { Audio: 0, Intrusion: 3 }, total: 3 },
      ],
    };
    expect(alignedData(chart)).toEqual([[1763719200, 1763722800], [1, 0], [0, 3]]);
    expect(chartSummary({ series: chart.series, totals: { Audio: 1, Intrusion: 3 } })).toBe('4 events: 1 Audio, 3 Intrusion');
    expect(chartSummary({ series: chart.series, totals: {} })).toBe('0 events');
  });
});

describe('dashboard figures', () => {
  it('round percentages and give 0 without devices', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(0, 0)).toBe(0);
  });

  it('group floors by building, lowest level first', () => {
    const floor = (id: string, building_id: string, level: number) => ({ id, building_id, name: id, level, device_count: 0 }) as Parameters<typeof floorsByBuilding>[0][number];
    const grouped = floorsByBuilding([floor('roof', 'b1', 2), floor('ground', 'b1', 0), floor('dock', 'b2', 0), floor('cellar', 'b1', -1)]);
    expect(grouped.get('b1')?.map((f) => f.id)).toEqual(['cellar', 'ground', 'roof']);
    expect(grouped.get('b2')?.map((f) => f.id)).toEqual(['dock']);
  });
});
