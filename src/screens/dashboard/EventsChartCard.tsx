import { lazy, Suspense, useState } from 'react';
import { Box, Card, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { CHART_RANGES, chartRangeLabel } from '../../api/analytics';
import type { ChartData, ChartRange } from '../../api/analytics';
import { chartDataFamily } from '../../atoms/analytics.atoms';
import { useErrorToast } from '../../lib/useErrorToast';
import { LoadError } from '../common/LoadError';
import { SegmentedChoice } from '../common/SegmentedChoice';
import { seriesStyles } from './chartSeries';
import { FIRST_CHART_RANGE } from './dashboardPrefetch';
import { bucketLabel, canDrawCharts } from './chartSupport';

// uPlot loads with the chart, not with the dashboard route.
const EventsChart = lazy(() => import('./EventsChart'));
// The table instead of the chart, where a browser cannot draw it: loaded only there.
const EventsTable = lazy(() => import('./EventsTable').then((m) => ({ default: m.EventsTable })));

const CHART_HEIGHT = 240;

/** The series with their colour and the count shown: the hovered bucket's, else the range's total. */
function Legend({ chart, hovered }: { chart: ChartData; hovered: number | null }) {
  const bucket = hovered === null ? undefined : chart.buckets[hovered];
  return (
    <Flex gap="4" wrap="wrap" align="center" aria-label="Events by type">
      <Text size="1" color="gray" style={{ minWidth: 96 }}>
        {bucket ? bucketLabel(chart, hovered ?? 0) : 'Total'}
      </Text>
      {seriesStyles(chart.series).map((style) => (
        <Flex key={style.label} gap="2" align="center" data-testid={`legend-${style.label}`}>
          <svg width="18" height="8" aria-hidden>
            <line x1="1" y1="4" x2="17" y2="4" stroke={style.stroke} strokeWidth="3" strokeDasharray={style.dash.join(' ') || undefined} />
          </svg>
          <Text size="2">{style.label}</Text>
          <Text size="2" weight="bold" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {(bucket ? bucket.counts[style.label] : chart.totals[style.label]) ?? 0}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * Events over time by type (issue 5 "Dashboard"), last 24 hours or last 7 days by a
 * toggle, from `GET /v1/analytics/chart-data`. Failures show inline and as a toast
 * ('Failed to load events').
 */
export function EventsChartCard() {
  const [range, setRange] = useState<ChartRange>(FIRST_CHART_RANGE);
  const [hovered, setHovered] = useState<number | null>(null);
  const [drawable] = useState(canDrawCharts);
  const result = useAtomValue(chartDataFamily(range));
  const errorMessage = useErrorToast(result.error, 'Failed to load events');
  const chart = result.data;
  const empty = chart !== undefined && chart.buckets.every((b) => b.total === 0);

  return (
    <Card size="3">
      <Flex direction="column" gap="4">
        <Flex justify="between" align="center" gap="3" wrap="wrap">
          <Box>
            <Heading as="h2" size="4">
              Events over time
            </Heading>
            <Text size="2" color="gray">
              {chart?.bucket === 'day' ? 'Per day (UTC), by event type' : 'Per hour, by event type'}
            </Text>
          </Box>
          <SegmentedChoice
            value={range}
            onValueChange={(value) => {
              setHovered(null);
              setRange(value as ChartRange);
            }}
            aria-label="Chart range"
            options={CHART_RANGES.map((r) => ({ value: r, label: chartRangeLabel(r) }))}
          />
        </Flex>
        {errorMessage && !chart && <LoadError message={errorMessage} onRetry={() => void result.refetch()} />}
        {!chart && !errorMessage && <Skeleton height={`${CHART_HEIGHT}px`} />}
        {chart && (
          <>
            <Legend chart={chart} hovered={hovered} />
            <Box position="relative">
              {drawable ? (
                <Suspense fallback={<Skeleton height={`${CHART_HEIGHT}px`} />}>
                  <EventsChart chart={chart} onHover={setHovered} height={CHART_HEIGHT} />
                </Suspense>
              ) : (
                <Suspense fallback={<Skeleton height={`${CHART_HEIGHT}px`} />}>
                  <EventsTable chart={chart} height={CHART_HEIGHT} />
                </Suspense>
              )}
              {empty && (
                <Flex position={drawable ? 'absolute' : 'relative'} inset="0" align="center" justify="center" py={drawable ? '0' : '2'} style={{ pointerEvents: 'none' }}>
                  <Text size="2" color="gray">
                    No events in the {range === '24h' ? 'last 24 hours' : 'last 7 days'}
                  </Text>
                </Flex>
              )}
            </Box>
          </>
        )}
      </Flex>
    </Card>
  );
}
