import { ScrollArea, Table } from '@radix-ui/themes';
import type { ChartData } from '../../api/analytics';
import { TableName } from '../common/TableName';

/** When a bucket starts: "Fri 14:00" for hours, "Fri 21 Nov" for UTC days. */
export function bucketLabel(chart: Pick<ChartData, 'bucket' | 'buckets'>, index: number): string {
  const bucket = chart.buckets[index];
  if (!bucket) return '';
  const options: Intl.DateTimeFormatOptions =
    chart.bucket === 'day' ? { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' } : { weekday: 'short', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(undefined, options).format(new Date(bucket.start));
}

/**
 * The chart's numbers as a table, newest bucket first: what a browser without canvas
 * drawing (or matchMedia) gets instead of the uPlot chart.
 */
export function EventsTable({ chart, height }: { chart: ChartData; height: number }) {
  const indexes = chart.buckets.map((_, i) => i).reverse();
  return (
    <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: height }}>
      <Table.Root size="1">
        <TableName>Events over time</TableName>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>{chart.bucket === 'day' ? 'Day (UTC)' : 'Hour'}</Table.ColumnHeaderCell>
            {chart.series.map((s) => (
              <Table.ColumnHeaderCell key={s}>{s}</Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {indexes.map((i) => (
            <Table.Row key={chart.buckets[i]?.start}>
              <Table.RowHeaderCell>{bucketLabel(chart, i)}</Table.RowHeaderCell>
              {chart.series.map((s) => (
                <Table.Cell key={s}>{chart.buckets[i]?.counts[s] ?? 0}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </ScrollArea>
  );
}

/** True where uPlot can draw: a 2D canvas and `matchMedia` (it reads the pixel ratio at load). */
export function canDrawCharts(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && document.createElement('canvas').getContext('2d') !== null;
}
