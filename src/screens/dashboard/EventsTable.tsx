import { ScrollArea, Table } from '@radix-ui/themes';
import type { ChartData } from '../../api/analytics';
import { TableName } from '../common/TableName';
import { bucketLabel } from './chartSupport';

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
