import { Code, Table, Text } from '@radix-ui/themes';
import type { FloorWithImage } from '../../api/floors';
import type { Device } from '../../api/types';
import { AppLink } from '../common/AppLink';
import { StatusBadge } from '../common/StatusBadge';
import { deviceFloorHref } from './deviceFloorHref';
import { TableHead } from '../common/TableHead';

/** The device list: name (to its details), type, status, MAC and the floor it is on (opened with the device selected). */
export function DevicesTable({
  devices,
  floorsById,
}: {
  devices: readonly Device[];
  /** Floors by id, to name the floor a device sits on (missing while they load). */
  floorsById: ReadonlyMap<string, FloorWithImage>;
}) {
  return (
    <Table.Root variant="surface">
      <TableHead columns={['Name', 'Type', 'Status', 'MAC', 'Floor']} />
      <Table.Body>
        {devices.map((device) => (
          <Table.Row key={device.device_id} align="center">
            <Table.RowHeaderCell>
              <AppLink href={`/devices/${encodeURIComponent(device.device_id)}`} weight="medium">
                {device.device_name}
              </AppLink>
            </Table.RowHeaderCell>
            <Table.Cell>
              <Text size="2" color="gray">
                {device.device_type}
              </Text>
            </Table.Cell>
            <Table.Cell>
              <StatusBadge status={device.status} />
            </Table.Cell>
            <Table.Cell>{device.mac ? <Code variant="ghost">{device.mac}</Code> : <Text color="gray">—</Text>}</Table.Cell>
            <Table.Cell>
              {device.floor_id ? (
                <AppLink href={deviceFloorHref(device.floor_id, device.device_id)}>
                  {floorsById.get(device.floor_id)?.name ?? 'View floor'}
                </AppLink>
              ) : (
                <Text color="gray">Not placed</Text>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
