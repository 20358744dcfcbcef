/**
 * The events-over-time chart drawn by uPlot on a canvas. Loaded lazily by
 * `EventsChartCard` (its default export), so uPlot weighs only on the dashboard once the
 * chart data is there. Counts are drawn per series in the event type's colour; the hovered
 * bucket is reported to the card, which shows its counts in the legend.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartData } from '../../api/analytics';
import { useElementSize } from '../../lib/useElementSize';
import { alignedData, chartSummary, seriesStyles } from './chartSeries';

export interface EventsChartProps {
  chart: ChartData;
  /** Called with the hovered bucket's index, or null when the pointer leaves. */
  onHover: (index: number | null) => void;
  /** Plot height in CSS px. */
  height?: number;
}

const DAY_FORMAT = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (seconds: number) => DAY_FORMAT.format(new Date(seconds * 1000));

const cssVar = (element: Element, name: string, fallback: string) =>
  getComputedStyle(element).getPropertyValue(name).trim() || fallback;

function options(chart: ChartData, width: number, height: number, element: Element, onHover: EventsChartProps['onHover']): uPlot.Options {
  const text = cssVar(element, '--gray-11', '#60646c');
  const grid = cssVar(element, '--gray-a4', 'rgba(0,0,0,0.08)');
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: '12px system-ui, sans-serif' };
  return {
    width,
    height,
    // Day buckets are UTC days: label them as such, not as the local hour they start at.
    ...(chart.bucket === 'day' ? { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') } : {}),
    legend: { show: false },
    // Room on the right for the last tick's label, centred on the plot's edge.
    padding: [8, 28, 0, 0],
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    scales: { y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
    axes: [
      // One tick per day bucket, named as the day it is (UTC); hours keep uPlot's time ticks.
      chart.bucket === 'day' ? { ...axis, splits: (u) => [...(u.data[0] ?? [])], values: (_u, splits) => splits.map(dayLabel) } : axis,
      { ...axis, size: 44, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000] },
    ],
    series: [
      {},
      ...seriesStyles(chart.series).map((style) => ({
        label: style.label,
        stroke: style.stroke,
        dash: style.dash,
        width: 2,
        points: { show: chart.buckets.length <= 31, size: 5, fill: style.stroke },
      })),
    ],
    hooks: { setCursor: [(u) => onHover(u.cursor.idx ?? null)] },
  };
}

/** The chart itself: a canvas as wide as its box, `height` px high, with an accessible summary. */
export default function EventsChart({ chart, onHover, height = 240 }: EventsChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const hoverRef = useRef(onHover);
  hoverRef.current = onHover;
  const { width } = useElementSize(boxRef, { width: 640, height });

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const plot = new uPlot(options(chart, box.clientWidth || 640, height, box, (i) => hoverRef.current(i)), alignedData(chart), box);
    plotRef.current = plot;
    return () => {
      plot.destroy();
      plotRef.current = null;
    };
  }, [chart, height]);

  useEffect(() => {
    plotRef.current?.setSize({ width, height });
  }, [width, height]);

  return <div ref={boxRef} role="img" aria-label={`Events over time: ${chartSummary(chart)}`} style={{ width: '100%', minHeight: height }} />;
}
