import { useCallback } from 'react';
import type { RefObject } from 'react';
import { useAtomValue } from 'jotai';
import type { PlacedDevice } from '../../api/floorDevices';
import type { Device } from '../../api/types';
import { moveDeviceAtom, placeDeviceAtom, removeDeviceFromFloorAtom } from '../../atoms/floors.atoms';
import { toaster } from '../../lib/toaster';
import type { FloorSceneHandle } from '../../scene/FloorScene';

/** Where 'add' puts a device when there is no scene to ask (percent of the plan). */
const PLAN_CENTRE = { xPercent: 50, yPercent: 50 };

/**
 * The floor screen's device edits: add at the centre of the view, move (optimistic,
 * rolled back on failure by `moveDeviceAtom`), and remove. Failures toast from the atoms.
 */
export function useFloorDeviceActions(floorId: string, sceneRef: RefObject<FloorSceneHandle | null>) {
  const place = useAtomValue(placeDeviceAtom);
  const move = useAtomValue(moveDeviceAtom);
  const remove = useAtomValue(removeDeviceFromFloorAtom);
  const placeMutate = place.mutate;
  const moveMutate = move.mutate;
  const removeMutate = remove.mutate;

  const addDevice = useCallback(
    (device: Device) => {
      const centre = sceneRef.current?.viewCentrePercent() ?? PLAN_CENTRE;
      placeMutate(
        {
          floorId,
          device: {
            device_id: device.device_id,
            device_name: device.device_name,
            device_type: device.device_type,
            x_percent: centre.xPercent,
            y_percent: centre.yPercent,
          },
        },
        { onSuccess: () => toaster.success('Device placed', device.device_name) },
      );
    },
    [floorId, placeMutate, sceneRef],
  );

  const moveDevice = useCallback(
    (deviceId: string, xPercent: number, yPercent: number) =>
      moveMutate({ floorId, deviceId, x_percent: xPercent, y_percent: yPercent }),
    [floorId, moveMutate],
  );

  const removeDevice = useCallback(
    (device: PlacedDevice) =>
      removeMutate(
        { floorId, deviceId: device.device_id },
        { onSuccess: () => toaster.success('Device removed from floor', device.name) },
      ),
    [floorId, removeMutate],
  );

  return { addDevice, moveDevice, removeDevice };
}
