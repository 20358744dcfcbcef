import { Table } from '@radix-ui/themes';

/**
 * A Radix table's header row: one column header cell per label, in order. `nowrap` keeps
 * every label on one line (for narrow columns with two-word labels such as "Device ID").
 */
export function TableHead({ columns, nowrap = false }: { columns: readonly string[]; nowrap?: boolean }) {
  return (
    <Table.Header>
      <Table.Row>
        {columns.map((label) => (
          <Table.ColumnHeaderCell key={label} style={nowrap ? { whiteSpace: 'nowrap' } : undefined}>
            {label}
          </Table.ColumnHeaderCell>
        ))}
      </Table.Row>
    </Table.Header>
  );
}
