import { Flex, IconButton, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { Tooltip } from '../../layout/Tooltip';
import { Pencil1Icon, TrashIcon } from '@radix-ui/react-icons';
import type { Building } from '../../api/types';
import { AppLink } from '../common/AppLink';
import { formatCoordinates } from './formatCoordinates';
import { TableName } from '../common/TableName';

/** The buildings list: name (to its details), address, coordinates, floors, and row actions. */
export function BuildingsTable({
  buildings,
  onEdit,
  onDelete,
}: {
  buildings: readonly Building[];
  onEdit: (building: Building) => void;
  onDelete: (building: Building) => void;
}) {
  return (
    <Table.Root variant="surface">
      <TableName>Buildings</TableName>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Address</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Coordinates</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Floors</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {buildings.map((building) => (
          <Table.Row key={building.id} align="center">
            <Table.RowHeaderCell>
              <AppLink href={`/buildings/${building.id}`} weight="medium">
                {building.name}
              </AppLink>
            </Table.RowHeaderCell>
            <Table.Cell>{building.address ?? <Text color="gray">—</Text>}</Table.Cell>
            <Table.Cell>
              <Text size="2" color="gray" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCoordinates(building) ?? '—'}
              </Text>
            </Table.Cell>
            <Table.Cell justify="end">{building.floor_count}</Table.Cell>
            <Table.Cell justify="end">
              <Flex gap="2" justify="end">
                <Tooltip content="Edit">
                  <IconButton variant="ghost" color="gray" aria-label={`Edit ${building.name}`} onClick={() => onEdit(building)}>
                    <Pencil1Icon />
                  </IconButton>
                </Tooltip>
                <Tooltip content="Delete">
                  <IconButton variant="ghost" color="red" aria-label={`Delete ${building.name}`} onClick={() => onDelete(building)}>
                    <TrashIcon />
                  </IconButton>
                </Tooltip>
              </Flex>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
