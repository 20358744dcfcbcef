/**
 * The events chart's data and series style (issue 5 "Dashboard"; SPEC.md section 9 "Event
 * colours"), apart from uPlot and React. Pure.
 */
import type { ChartData } from '../../api/analytics';
import { EVENT_TONE_HEX, eventTone } from '../../lib/eventColours';

/** How one series is drawn: its colour, and a dash where two types share a colour. */
export interface SeriesStyle {
  label: string;
  stroke: string;
  /** Canvas line dash in px; empty for a solid line. */
  dash: number[];
}

/**
 * The series' styles in the chart's order. Intrusion and Line crossing are both red by the
 * spec, so every later series of an already used colour is dashed.
 */
export function seriesStyles(series: readonly string[]): SeriesStyle[] {
  const used = new Set<string>();
  return series.map((label) => {
    const stroke = EVENT_TONE_HEX[eventTone(label)];
    const dash = used.has(stroke) ? [6, 4] : [];
    used.add(stroke);
    return { label, stroke, dash };
  });
}

/**
 * uPlot's aligned data: the bucket starts in Unix seconds, then one count array per
 * series, in `chart.series` order.
 */
export function alignedData(chart: Pick<ChartData, 'series' | 'buckets'>): [number[], ...number[][]] {
  const xs = chart.buckets.map((b) => Math.floor(Date.parse(b.start) / 1000));
  return [xs, ...chart.series.map((s) => chart.buckets.map((b) => b.counts[s] ?? 0))];
}

/** "42 events: 30 Video motion, 12 Intrusion" for the chart's accessible name; zero series are left out. */
export function chartSummary(chart: Pick<ChartData, 'series' | 'totals'>): string {
  const parts = chart.series.filter((s) => (chart.totals[s] ?? 0) > 0).map((s) => `${chart.totals[s]} ${s}`);
  const total = chart.series.reduce((sum, s) => sum + (chart.totals[s] ?? 0), 0);
  const head = total === 1 ? '1 event' : `${total} events`;
  return parts.length > 0 ? `${head}: ${parts.join(', ')}` : head;
}
