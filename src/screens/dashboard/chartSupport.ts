/**
 * What the dashboard's chart card needs of the chart apart from drawing it: bucket labels
 * and whether uPlot can draw here (the table fallback, `EventsTable`, loads only where not).
 */
import type { ChartData } from '../../api/analytics';

/** When a bucket starts: "Fri 14:00" for hours, "Fri 21 Nov" for UTC days. */
export function bucketLabel(chart: Pick<ChartData, 'bucket' | 'buckets'>, index: number): string {
  const bucket = chart.buckets[index];
  if (!bucket) return '';
  const options: Intl.DateTimeFormatOptions =
    chart.bucket === 'day' ? { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' } : { weekday: 'short', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(undefined, options).format(new Date(bucket.start));
}

/** True where uPlot can draw: a 2D canvas and `matchMedia` (it reads the pixel ratio at load). */
export function canDrawCharts(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && document.createElement('canvas').getContext('2d') !== null;
}
