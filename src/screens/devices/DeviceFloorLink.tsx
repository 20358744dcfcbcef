import { Text } from '@radix-ui/themes';
import { useAtomValue } from 'jotai';
import { buildingFamily } from '../../atoms/buildings.atoms';
import { floorFamily } from '../../atoms/floors.atoms';
import { AppLink } from '../common/AppLink';
import { deviceFloorHref } from './deviceFloorHref';

/**
 * Link to the floor a device sits on, opening it with the device selected; named once the
 * floor has loaded ('Floor {id}' until then), with its building's name after it.
 */
export function DeviceFloorLink({ floorId, deviceId }: { floorId: string; deviceId: string }) {
  const floor = useAtomValue(floorFamily(floorId));
  const buildingId = floor.data?.building_id ?? '';
  return (
    <Text>
      <AppLink href={deviceFloorHref(floorId, deviceId)}>{floor.data?.name ?? `Floor ${floorId}`}</AppLink>
      {buildingId && <BuildingName id={buildingId} />}
    </Text>
  );
}

function BuildingName({ id }: { id: string }) {
  const building = useAtomValue(buildingFamily(id));
  return building.data ? <Text color="gray">{` · ${building.data.name}`}</Text> : null;
}
