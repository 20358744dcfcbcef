import { EVENT_TYPES } from '../vortex/eventTypes';

/**
 * The chart's ranges (issue 5 "Dashboard": events over time, last 24 hours and 7 days):
 * each is `count` buckets of one `unit`, the last one the current (partial) hour or day,
 * all in UTC.
 */
export const CHART_RANGES = {
  '24h': { unit: 'hour', count: 24 },
  '7d': { unit: 'day', count: 7 },
} as const;

export type ChartRange = keyof typeof CHART_RANGES;

/** True for a known range ('24h' or '7d'). */
export function isChartRange(value: string): value is ChartRange {
  return Object.hasOwn(CHART_RANGES, value);
}
export type BucketUnit = (typeof CHART_RANGES)[ChartRange]['unit'];

/** The series of the chart: the spec's five event types, then "Other" for every other type. */
export const CHART_SERIES = [...EVENT_TYPES, 'Other'] as const;
export type ChartSeries = (typeof CHART_SERIES)[number];

/** One row of the SQL: a bucket's start (UTC), a series and its count, zeros included. */
export interface BucketCountRow {
  start: Date;
  series: string;
  count: number;
}

/** One bucket of the chart: its start (ISO 8601 UTC), its count per series and their sum. */
export interface ChartBucket {
  start: string;
  counts: Record<ChartSeries, number>;
  total: number;
}

const zeroCounts = (): Record<ChartSeries, number> => Object.fromEntries(CHART_SERIES.map((s) => [s, 0])) as Record<ChartSeries, number>;

const isSeries = (name: string): name is ChartSeries => (CHART_SERIES as readonly string[]).includes(name);

/**
 * Pivots the SQL's (bucket, series, count) rows into one object per bucket, oldest first.
 * The SQL has already zero-filled every bucket and series; a bucket it left out would
 * still appear here only if some row names it, so the SQL's series decide the buckets.
 */
export function pivotBuckets(rows: readonly BucketCountRow[]): ChartBucket[] {
  const byStart = new Map<number, ChartBucket>();
  for (const row of rows) {
    const key = row.start.getTime();
    let bucket = byStart.get(key);
    if (!bucket) {
      bucket = { start: row.start.toISOString(), counts: zeroCounts(), total: 0 };
      byStart.set(key, bucket);
    }
    if (!isSeries(row.series)) throw new Error(`unexpected chart series ${row.series}`);
    bucket.counts[row.series] += row.count;
    bucket.total += row.count;
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, bucket]) => bucket);
}

/** Totals per series over all buckets. */
export function seriesTotals(buckets: readonly ChartBucket[]): Record<ChartSeries, number> {
  const totals = zeroCounts();
  for (const bucket of buckets) for (const series of CHART_SERIES) totals[series] += bucket.counts[series];
  return totals;
}
