import { Badge, Flex, Table, Text } from '@radix-ui/themes';
import { deviceMetrics } from '../../api/devices';
import type { Building, Device } from '../../api/types';
import { AppLink } from '../common/AppLink';
import { TableName } from '../common/TableName';
import { DeviceStatusSummary } from '../devices/DeviceStatusSummary';
import { buildingPosition } from './buildingPlaces';
import { formatCoordinates } from '../buildings/formatCoordinates';
import { TableHead } from '../common/TableHead';

/**
 * The global map's buildings as a table (what the markers show, for the keyboard and
 * screen readers): name linking to the building, its location or a link to set it, and
 * its devices by status.
 */
export function BuildingsOnMapList({
  buildings,
  devices,
}: {
  buildings: readonly Building[];
  /** Building id → its placed devices; undefined while the devices load. */
  devices: ReadonlyMap<string, readonly Device[]> | undefined;
}) {
  return (
    <Table.Root variant="surface">
      <TableName>Buildings on the map</TableName>
      <TableHead columns={['Building', 'Location', 'Devices']} />
      <Table.Body>
        {buildings.map((building) => {
          const placed = devices?.get(building.id) ?? [];
          return (
            <Table.Row key={building.id} align="center">
              <Table.RowHeaderCell>
                <AppLink href={`/buildings/${encodeURIComponent(building.id)}`} weight="medium">
                  {building.name}
                </AppLink>
              </Table.RowHeaderCell>
              <Table.Cell>
                {buildingPosition(building) ? (
                  <Text size="2" color="gray">
                    {formatCoordinates(building)}
                  </Text>
                ) : (
                  <Flex gap="2" align="center" wrap="wrap">
                    <Badge color="amber" variant="soft">
                      No location
                    </Badge>
                    <AppLink href={`/buildings/${encodeURIComponent(building.id)}`}>Set location</AppLink>
                  </Flex>
                )}
              </Table.Cell>
              <Table.Cell>
                {devices === undefined ? (
                  <Text size="2" color="gray">
                    …
                  </Text>
                ) : deviceMetrics(placed).total === 0 ? (
                  <Text size="2" color="gray">
                    No devices placed
                  </Text>
                ) : (
                  <DeviceStatusSummary devices={placed} />
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
