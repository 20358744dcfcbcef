import type { QueryClient } from '@tanstack/react-query';
import { chartDataQueryOptions, deviceMetricsQueryOptions } from '../../api/analytics';
import type { ChartRange } from '../../api/analytics';
import { buildingsQueryOptions } from '../../api/buildings';
import { allFloorsQueryOptions } from '../../api/floors';

/** The range the events chart opens on. */
export const FIRST_CHART_RANGE: ChartRange = '24h';

/**
 * The queries of the dashboard's first render: the metrics, the chart's first range, the
 * buildings and their floors, the same queries its atoms read. Run by `preloadRoute` (its
 * own small module, not the screen's chunk) as soon as the session is checked, so they
 * wait neither for the screen's chunk nor for its render (issue 5 "Weight of the pages").
 */
export function prefetchDashboard(client: QueryClient): void {
  void client.prefetchQuery(deviceMetricsQueryOptions());
  void client.prefetchQuery(chartDataQueryOptions(FIRST_CHART_RANGE));
  void client.prefetchQuery(buildingsQueryOptions());
  void client.prefetchQuery(allFloorsQueryOptions());
}
