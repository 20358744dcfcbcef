/**
 * Analytics resource (SPEC.md section 7 "Alerts, notifications, analytics, events"; issue 5
 * "Dashboard"): the device metrics with the unresolved alerts count, and the events over
 * time by type for the last 24 hours (hourly) or 7 days (daily), UTC, zero-filled by the
 * server. Errors are left as thrown by `apiFetch`.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { isRecord, numberOr } from '../lib/unwrapList';

/** SPEC.md section 3 "Device metrics", plus the alerts not resolved yet. Percentages are whole, 0 without devices. */
export interface DeviceMetrics {
  total: number;
  online: number;
  offline: number;
  error: number;
  onlinePercentage: number;
  offlinePercentage: number;
  unresolvedAlerts: number;
}

/** The chart's ranges: the last 24 hours in hourly buckets, the last 7 days in daily ones. */
export type ChartRange = '24h' | '7d';
export const CHART_RANGES: readonly ChartRange[] = ['24h', '7d'];

/** One bucket: its start (ISO 8601 UTC), its count per series and their sum. */
export interface ChartBucket {
  start: string;
  counts: Record<string, number>;
  total: number;
}

/** `GET /v1/analytics/chart-data`. */
export interface ChartData {
  range: ChartRange;
  bucket: 'hour' | 'day';
  /** The series in the server's order: the five spec event types, then Other. */
  series: string[];
  /** Oldest first. */
  buckets: ChartBucket[];
  totals: Record<string, number>;
}

/** Query keys: `['analytics', 'device-metrics']` and `['analytics', 'chart', range]`. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  metrics: ['analytics', 'device-metrics'] as const,
  chart: (range: ChartRange) => ['analytics', 'chart', range] as const,
};

const count = (raw: Record<string, unknown>, key: string) => Math.max(0, Math.round(numberOr(raw[key], 0)));

/** Reads the metrics answer; every absent or non-numeric figure reads as 0. */
export function toDeviceMetrics(raw: unknown): DeviceMetrics {
  const r = isRecord(raw) ? raw : {};
  return {
    total: count(r, 'total'),
    online: count(r, 'online'),
    offline: count(r, 'offline'),
    error: count(r, 'error'),
    onlinePercentage: count(r, 'onlinePercentage'),
    offlinePercentage: count(r, 'offlinePercentage'),
    unresolvedAlerts: count(r, 'unresolvedAlerts'),
  };
}

function toCounts(raw: unknown, series: readonly string[]): Record<string, number> {
  const r = isRecord(raw) ? raw : {};
  return Object.fromEntries(series.map((name) => [name, count(r, name)]));
}

/**
 * Reads the chart answer: series in the server's order, buckets with a string `start`
 * (others dropped), counts of absent series as 0.
 */
export function toChartData(raw: unknown, range: ChartRange): ChartData {
  const r = isRecord(raw) ? raw : {};
  const series = Array.isArray(r.series) ? r.series.filter((s): s is string => typeof s === 'string') : [];
  const buckets = (Array.isArray(r.buckets) ? r.buckets : []).flatMap((b): ChartBucket[] => {
    if (!isRecord(b) || typeof b.start !== 'string') return [];
    const counts = toCounts(b.counts, series);
    return [{ start: b.start, counts, total: Object.values(counts).reduce((a, n) => a + n, 0) }];
  });
  return {
    range,
    bucket: r.bucket === 'day' || (r.bucket === undefined && range === '7d') ? 'day' : 'hour',
    series,
    buckets,
    totals: toCounts(r.totals, series),
  };
}

/** Query options of `GET /v1/analytics/device-metrics`. */
export function deviceMetricsQueryOptions() {
  return queryOptions({
    queryKey: analyticsKeys.metrics,
    queryFn: async ({ signal }) => toDeviceMetrics(await apiFetch<unknown>('/analytics/device-metrics', { signal })),
  });
}

/** Query options of `GET /v1/analytics/chart-data?range=…`. */
export function chartDataQueryOptions(range: ChartRange) {
  return queryOptions({
    queryKey: analyticsKeys.chart(range),
    queryFn: async ({ signal }) => toChartData(await apiFetch<unknown>('/analytics/chart-data', { query: { range }, signal }), range),
  });
}

/** Label of a range for the toggle. */
export const chartRangeLabel = (range: ChartRange): string => (range === '24h' ? 'Last 24 hours' : 'Last 7 days');
