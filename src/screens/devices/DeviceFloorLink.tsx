import { useAtomValue } from 'jotai';
import { floorFamily } from '../../atoms/floors.atoms';
import { AppLink } from '../common/AppLink';

/** Link to the floor a device sits on, named once the floor has loaded ('Floor {id}' until then). */
export function DeviceFloorLink({ floorId }: { floorId: string }) {
  const floor = useAtomValue(floorFamily(floorId));
  return (
    <AppLink href={`/floors/${encodeURIComponent(floorId)}?mode=view`}>{floor.data?.name ?? `Floor ${floorId}`}</AppLink>
  );
}
