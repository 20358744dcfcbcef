/**
 * The dashboard's analytics as Jotai atoms over TanStack Query (issue 5 "Dashboard"):
 * the device metrics with the unresolved alerts count, and the events chart per range.
 */
import { atomWithQuery } from 'jotai-tanstack-query';
import { atomFamily } from 'jotai-family';
import { chartDataQueryOptions, deviceMetricsQueryOptions } from '../api/analytics';
import type { ChartRange } from '../api/analytics';

/** `GET /v1/analytics/device-metrics` (`['analytics', 'device-metrics']`). */
export const deviceMetricsAtom = atomWithQuery(() => deviceMetricsQueryOptions());

/** `GET /v1/analytics/chart-data?range=…` (`['analytics', 'chart', range]`); two ranges, so the family never grows. */
export const chartDataFamily = atomFamily((range: ChartRange) => atomWithQuery(() => chartDataQueryOptions(range)));
