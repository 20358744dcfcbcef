import { Badge, Box, Code, ScrollArea, Table, Text } from '@radix-ui/themes';
import type { ImportRow } from './csvImport';
import { TableHead } from '../common/TableHead';
import { TableName } from '../common/TableName';

/** Rows drawn at most; the counts above the table cover every row. */
const ROWS_SHOWN = 200;

/** The checked CSV rows: line, id, name, type, MAC, position and each row's errors (rows with errors first). */
export function ImportPreviewTable({ rows }: { rows: readonly ImportRow[] }) {
  const ordered = [...rows].sort((a, b) => Number(b.errors.length > 0) - Number(a.errors.length > 0) || a.line - b.line);
  const shown = ordered.slice(0, ROWS_SHOWN);
  return (
    <Box>
      <ScrollArea type="auto" scrollbars="vertical" style={{ maxHeight: 320 }}>
        <Table.Root size="1" variant="surface">
          <TableName>Import preview</TableName>
          <TableHead columns={['Line', 'Device ID', 'Name', 'Type', 'MAC', 'Position', 'Check']} nowrap />
          <Table.Body>
            {shown.map((row) => (
              <Table.Row key={row.line} data-line={row.line} style={row.errors.length > 0 ? { background: 'var(--red-a2)' } : undefined}>
                <Table.RowHeaderCell>
                  <Text color="gray">{row.line}</Text>
                </Table.RowHeaderCell>
                <Table.Cell>
                  <Code variant="ghost">{row.device_id || '—'}</Code>
                </Table.Cell>
                <Table.Cell>{row.device_name || '—'}</Table.Cell>
                <Table.Cell>{row.device_type || '—'}</Table.Cell>
                <Table.Cell>{row.mac ?? '—'}</Table.Cell>
                <Table.Cell style={{ whiteSpace: 'nowrap' }}>
                  {row.x_percent !== null && row.y_percent !== null ? `${row.x_percent}%, ${row.y_percent}%` : <Text color="gray">auto</Text>}
                </Table.Cell>
                <Table.Cell>
                  {row.errors.length === 0 ? (
                    <Badge color="green" variant="soft">
                      OK
                    </Badge>
                  ) : (
                    <Text as="div" size="1" color="red" role="note">
                      {row.errors.join('; ')}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {rows.length > ROWS_SHOWN && (
        <Text as="p" size="1" color="gray" mt="2">
          {`Showing ${ROWS_SHOWN} of ${rows.length} rows, those with errors first.`}
        </Text>
      )}
    </Box>
  );
}
