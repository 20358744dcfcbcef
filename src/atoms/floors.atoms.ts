/**
 * Floors, their floor plans and the devices placed on them, as Jotai atoms over TanStack
 * Query. Mutation atoms show failures as error toasts with the fallback SPEC.md section 8
 * names for each call; moving a device is optimistic and rolled back on failure.
 */
import type { QueryClient } from '@tanstack/query-core';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { atomFamily } from 'jotai-family';
import {
  allFloorsQueryOptions,
  buildingFloorsQueryOptions,
  createFloor,
  deleteFloor,
  floorKeys,
  floorQueryOptions,
  updateFloor,
  uploadFloorPlan,
} from '../api/floors';
import type { FloorInput, FloorWithImage } from '../api/floors';
import {
  floorDevicesKey,
  floorDevicesQueryOptions,
  placeDevice,
  removeDeviceFromFloor,
  updateDevicePosition,
} from '../api/floorDevices';
import type { PlaceDeviceInput, PlacedDevice } from '../api/floorDevices';
import { buildingKeys } from '../api/buildings';
import { deviceKeys } from '../api/devices';
import { problemMessage } from '../api/client';
import { toaster } from '../lib/toaster';

/** Floors of every building (`['floors']`), each building given 10 s (SPEC.md section 9). */
export const allFloorsAtom = atomWithQuery(() => allFloorsQueryOptions());

/** One floor by id (`['floors', id]`). */
export const floorFamily = atomFamily((id: string) => atomWithQuery(() => floorQueryOptions(id)));

/** The floors of one building (`['buildings', id, 'floors']`). */
export const buildingFloorsFamily = atomFamily((buildingId: string) =>
  atomWithQuery(() => buildingFloorsQueryOptions(buildingId)),
);

/** The devices placed on one floor (`['floors', id, 'devices']`). */
export const floorDevicesFamily = atomFamily((floorId: string) =>
  atomWithQuery(() => floorDevicesQueryOptions(floorId)),
);

/** Marks every list a floor appears in as stale: its building, its building's floor count, all floors. */
function invalidateFloorLists(client: QueryClient, buildingId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: floorKeys.ofBuilding(buildingId) }),
    client.invalidateQueries({ queryKey: buildingKeys.detail(buildingId), exact: true }),
    client.invalidateQueries({ queryKey: buildingKeys.all, exact: true }),
    client.invalidateQueries({ queryKey: floorKeys.all, exact: true }),
  ]);
}

/** Creates a floor, with its floor plan when given. Failure toasts 'Failed to create floor'. */
export const createFloorAtom = atomWithMutation(() => ({
  mutationFn: (input: FloorInput) => createFloor(input),
  onSuccess: async (floor: FloorWithImage, input: FloorInput, _result, { client }) => {
    client.setQueryData(floorKeys.detail(floor.id), floor);
    await invalidateFloorLists(client, input.building_id);
  },
  onError: (error) => {
    toaster.error(problemMessage(error, 'Failed to create floor'));
  },
}));

/**
 * Renames a floor or changes its level; the response's `data` replaces the cached floor.
 * No toast: SPEC.md section 8 has the rename failure logged and shown on the input.
 */
export const updateFloorAtom = atomWithMutation(() => ({
  mutationFn: ({ id, changes }: { id: string; changes: { name?: string; level?: number } }) =>
    updateFloor(id, changes),
  onSuccess: async (floor: FloorWithImage, _vars, _result, { client }) => {
    client.setQueryData(floorKeys.detail(floor.id), floor);
    await invalidateFloorLists(client, floor.building_id);
  },
}));

/** Deletes a floor; its atoms leave their families. Failure toasts 'Failed to delete floor'. */
export const deleteFloorAtom = atomWithMutation(() => ({
  mutationFn: ({ id }: { id: string; buildingId: string }) => deleteFloor(id),
  onSuccess: async (_data: void, { id, buildingId }: { id: string; buildingId: string }, _result, { client }) => {
    floorFamily.remove(id);
    floorDevicesFamily.remove(id);
    client.removeQueries({ queryKey: floorKeys.detail(id) });
    await Promise.all([
      invalidateFloorLists(client, buildingId),
      client.invalidateQueries({ queryKey: deviceKeys.all }),
    ]);
  },
  onError: (error) => {
    toaster.error(problemMessage(error, 'Failed to delete floor'));
  },
}));

/** Uploads a floor's plan image; the floor is refetched. Failure toasts 'Failed to upload floor plan'. */
export const uploadFloorPlanAtom = atomWithMutation(() => ({
  mutationFn: ({ floorId, file }: { floorId: string; file: File }) => uploadFloorPlan(floorId, file),
  onSuccess: async (_file, { floorId }: { floorId: string; file: File }, _result, { client }) => {
    await Promise.all([
      client.invalidateQueries({ queryKey: floorKeys.detail(floorId), exact: true }),
      client.invalidateQueries({ queryKey: floorKeys.all, exact: true }),
    ]);
  },
  onError: (error) => {
    toaster.error(problemMessage(error, 'Failed to upload floor plan'));
  },
}));

type Positions = PlacedDevice[] | undefined;

/** Variables of `placeDeviceAtom`. */
export interface PlaceDeviceVariables {
  floorId: string;
  device: PlaceDeviceInput;
}

/**
 * Places a device on a floor (the server moves it off any other floor), so every floor's
 * device list and the device list go stale. Failure toasts 'Failed to create device position'.
 */
export const placeDeviceAtom = atomWithMutation(() => ({
  mutationFn: ({ floorId, device }: PlaceDeviceVariables) => placeDevice(floorId, device),
  onSuccess: async (placed: PlacedDevice | null, { floorId }: PlaceDeviceVariables, _result, { client }) => {
    if (placed) {
      client.setQueryData<Positions>(floorDevicesKey(floorId), (list) => [
        ...(list ?? []).filter((d) => d.device_id !== placed.device_id),
        placed,
      ]);
    }
    await Promise.all([
      client.invalidateQueries({ queryKey: floorKeys.all }),
      client.invalidateQueries({ queryKey: deviceKeys.all }),
    ]);
  },
  onError: (error) => {
    toaster.error(problemMessage(error, 'Failed to create device position'));
  },
}));

/** Variables of `moveDeviceAtom`: the device's new place in percent of the plan, 0..100. */
export interface MoveDeviceVariables {
  floorId: string;
  deviceId: string;
  x_percent: number;
  y_percent: number;
}

function setPosition(client: QueryClient, floorId: string, deviceId: string, x: number, y: number) {
  client.setQueryData<Positions>(floorDevicesKey(floorId), (list) =>
    list?.map((d) =>
      d.device_id === deviceId ? { ...d, x_percent: x, y_percent: y, position_x: x, position_y: y } : d,
    ),
  );
}

/**
 * Saves a dragged device's position. The cache moves at once; on failure only that
 * device goes back to where it was (other drags in flight keep theirs) and the toast
 * reads 'Failed to update device positions' unless the problem says more.
 */
export const moveDeviceAtom = atomWithMutation(() => ({
  mutationFn: ({ floorId, deviceId, x_percent, y_percent }: MoveDeviceVariables) =>
    updateDevicePosition(floorId, deviceId, { x_percent, y_percent }),
  onMutate: async ({ floorId, deviceId, x_percent, y_percent }: MoveDeviceVariables, { client }) => {
    await client.cancelQueries({ queryKey: floorDevicesKey(floorId) });
    const before = client.getQueryData<Positions>(floorDevicesKey(floorId))?.find((d) => d.device_id === deviceId);
    setPosition(client, floorId, deviceId, x_percent, y_percent);
    return { before };
  },
  onError: (error, { floorId, deviceId }: MoveDeviceVariables, result, { client }) => {
    const before = result?.before;
    if (before) setPosition(client, floorId, deviceId, before.x_percent, before.y_percent);
    toaster.error(problemMessage(error, 'Failed to update device positions'));
  },
  onSuccess: (saved: PlacedDevice | null, { floorId, deviceId }: MoveDeviceVariables, _result, { client }) => {
    if (saved) setPosition(client, floorId, deviceId, saved.x_percent, saved.y_percent);
  },
}));

/** Takes a device off a floor. Failure toasts 'Failed to remove device from floor'. */
export const removeDeviceFromFloorAtom = atomWithMutation(() => ({
  mutationFn: ({ floorId, deviceId }: { floorId: string; deviceId: string }) => removeDeviceFromFloor(floorId, deviceId),
  onSuccess: async (_data: void, { floorId, deviceId }: { floorId: string; deviceId: string }, _result, { client }) => {
    client.setQueryData<Positions>(floorDevicesKey(floorId), (list) => list?.filter((d) => d.device_id !== deviceId));
    await Promise.all([
      client.invalidateQueries({ queryKey: floorDevicesKey(floorId) }),
      client.invalidateQueries({ queryKey: deviceKeys.all }),
    ]);
  },
  onError: (error) => {
    toaster.error(problemMessage(error, 'Failed to remove device from floor'));
  },
}));
