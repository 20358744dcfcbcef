/**
 * Persists the floor editor's optimistic saves (issue 4): each {@link Save} becomes the
 * API calls {@link saveSteps} lists, the moves of one save sent together in one batch
 * (`Promise.all` of the position PATCHes, SPEC.md section 7 has no bulk route).
 */
import type { QueryClient } from '@tanstack/react-query';
import { clearDeviceFov, floorDevicesKey, placeDevice, removeDeviceFromFloor, updateDeviceFov, updateDevicePosition } from '../../api/floorDevices';
import type { PlacedDevice } from '../../api/floorDevices';
import type { Device } from '../../api/types';
import { saveSteps } from '../../machines/floorEditor/commands';
import type { SaveStep } from '../../machines/floorEditor/commands';
import type { Placements, Save } from '../../machines/floorEditor/types';

/**
 * Writes `save` for floor `floorId`: removes, places and field-of-view changes one by one,
 * then every move at once. `device(id)` names a device to place (the POST needs its name
 * and type). Throws the first failing call's error (an `ApiError` or a network error).
 */
export async function persistSave(floorId: string, save: Save, device: (id: string) => Device | undefined): Promise<void> {
  const steps = saveSteps(save.changes);
  const moves = steps.filter((s): s is Extract<SaveStep, { op: 'move' }> => s.op === 'move');
  for (const step of steps) {
    if (step.op === 'remove') await removeDeviceFromFloor(floorId, step.id);
    if (step.op === 'place') {
      const known = device(step.id);
      await placeDevice(floorId, {
        device_id: step.id,
        device_name: known?.device_name ?? step.id,
        device_type: known?.device_type ?? 'CAMERA',
        x_percent: step.x_percent,
        y_percent: step.y_percent,
      });
    }
    if (step.op === 'setFov') {
      if (step.fov) await updateDeviceFov(floorId, step.id, step.fov);
      else await clearDeviceFov(floorId, step.id);
    }
  }
  await Promise.all(moves.map((m) => updateDevicePosition(floorId, m.id, { x_percent: m.x_percent, y_percent: m.y_percent })));
}

/** The editor's placements from the floor's device positions (percent, field of view). */
export function toPlacements(placed: readonly PlacedDevice[]): Placements {
  return Object.fromEntries(placed.map((d) => [d.device_id, { x_percent: d.x_percent, y_percent: d.y_percent, fov: d.fov }]));
}

/**
 * After a save succeeded: the cached positions take what the save wrote (its `after`s), so a refetch agrees with what is shown. Devices the cache does not
 * know (just placed) wait for the refetch `invalidate` triggers.
 */
export function cacheSaved(client: QueryClient, floorId: string, save: Save): void {
  const written = new Map(save.changes.map((c) => [c.id, c.after]));
  client.setQueryData<PlacedDevice[]>(floorDevicesKey(floorId), (list) =>
    list
      ?.filter((d) => written.get(d.device_id) !== null)
      .map((d) => {
        const p = written.get(d.device_id);
        return p ? { ...d, x_percent: p.x_percent, y_percent: p.y_percent, position_x: p.x_percent, position_y: p.y_percent, fov: p.fov } : d;
      }),
  );
}
