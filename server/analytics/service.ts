import type { Executor } from '../db/client';
import { CHART_RANGES, CHART_SERIES, pivotBuckets, seriesTotals, type ChartRange } from './chart';
import { eventCountsByBucket } from './repository';

const MS_PER_UNIT = { hour: 3_600_000, day: 86_400_000 } as const;

/**
 * `GET /v1/analytics/chart-data`: the organization's events over time by type, for the
 * range ending in the bucket that holds `now`.
 * @returns range, bucket unit, `from` (first bucket's start) and `to` (last bucket's end,
 *   exclusive) as ISO 8601 UTC, the series names, the zero-filled buckets oldest first,
 *   and totals per series
 */
export async function chartData(db: Executor, organizationId: string, range: ChartRange, now: Date) {
  const { unit } = CHART_RANGES[range];
  const buckets = pivotBuckets(await eventCountsByBucket(db, organizationId, range, now));
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  if (!first || !last) throw new Error('the chart query returned no buckets');
  return {
    range,
    bucket: unit,
    from: first.start,
    to: new Date(Date.parse(last.start) + MS_PER_UNIT[unit]).toISOString(),
    series: [...CHART_SERIES],
    buckets,
    totals: seriesTotals(buckets),
  };
}
