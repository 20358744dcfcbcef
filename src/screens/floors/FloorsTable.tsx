import { Badge, Flex, IconButton, Table, VisuallyHidden } from '@radix-ui/themes';
import { Tooltip } from '../../layout/Tooltip';
import { EyeOpenIcon, TrashIcon } from '@radix-ui/react-icons';
import { Link } from 'wouter';
import type { FloorWithImage } from '../../api/floors';
import { AppLink } from '../common/AppLink';
import { TableName } from '../common/TableName';

/** A building's floors: name (opens the floor in edit mode), level, plan, devices, actions. */
export function FloorsTable({
  floors,
  onDelete,
}: {
  floors: readonly FloorWithImage[];
  onDelete: (floor: FloorWithImage) => void;
}) {
  return (
    <Table.Root variant="surface">
      <TableName>Floors</TableName>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Floor</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Level</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Floor plan</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Devices</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {floors.map((floor) => (
          <Table.Row key={floor.id} align="center">
            <Table.RowHeaderCell>
              <AppLink href={`/floors/${floor.id}`} weight="medium">
                {floor.name}
              </AppLink>
            </Table.RowHeaderCell>
            <Table.Cell>{floor.level}</Table.Cell>
            <Table.Cell>
              {floor.image_url ? (
                <Badge color="green" variant="soft">
                  Uploaded
                </Badge>
              ) : (
                <Badge color="amber" variant="soft">
                  Missing
                </Badge>
              )}
            </Table.Cell>
            <Table.Cell justify="end">{floor.device_count}</Table.Cell>
            <Table.Cell justify="end">
              <Flex gap="2" justify="end">
                <Tooltip content="View">
                  <IconButton asChild variant="ghost" color="gray">
                    <Link href={`/floors/${floor.id}?mode=view`} aria-label={`View ${floor.name}`}>
                      <EyeOpenIcon />
                    </Link>
                  </IconButton>
                </Tooltip>
                <Tooltip content="Delete">
                  <IconButton variant="ghost" color="red" aria-label={`Delete ${floor.name}`} onClick={() => onDelete(floor)}>
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
