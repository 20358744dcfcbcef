/**
 * Devices as Jotai atoms over TanStack Query. The list refetches every 5 min while the
 * page is visible (SPEC.md section 9); devices are never deleted from this app.
 * Mutation failures are not toasted here: the devices screens show them inline, next to
 * what failed (the problem's detail, SPEC.md section 8).
 */
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { atomFamily } from 'jotai-family';
import type { QueryClient } from '@tanstack/query-core';
import { analyticsKeys } from '../api/analytics';
import { bulkImportDevices, deviceKeys, deviceQueryOptions, devicesQueryOptions, syncDevice } from '../api/devices';
import { buildingKeys } from '../api/buildings';
import { floorKeys } from '../api/floors';
import type { BulkImportRequest, Device } from '../api/types';

/** The organization's devices (`['devices']`). */
export const devicesAtom = atomWithQuery(() => devicesQueryOptions());

/** One device by its VORTEX device id (`['devices', id]`). */
export const deviceFamily = atomFamily((id: string) => atomWithQuery(() => deviceQueryOptions(id)));

/** Everything that counts or places devices (prefix keys): the list and each device, the metrics, floors and buildings (device counts, placements). */
function invalidateDeviceViews(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: deviceKeys.all }),
    client.invalidateQueries({ queryKey: analyticsKeys.metrics }),
    client.invalidateQueries({ queryKey: floorKeys.all }),
    client.invalidateQueries({ queryKey: buildingKeys.all }),
  ]);
}

/** `POST /v1/devices/bulk-import` (SPEC.md section 7: then the device list is invalidated). */
export const bulkImportDevicesAtom = atomWithMutation(() => ({
  mutationFn: (request: BulkImportRequest) => bulkImportDevices(request),
  onSuccess: (_result, _request, _context, { client }) => invalidateDeviceViews(client),
}));

/** `POST /v1/devices/{id}/sync` (SPEC.md section 7: then the device is re-fetched and the list refreshed). */
export const syncDeviceAtom = atomWithMutation(() => ({
  mutationFn: (id: string) => syncDevice(id),
  onSuccess: async (device: Device, id: string, _context, { client }) => {
    client.setQueryData(deviceKeys.detail(id), device);
    await invalidateDeviceViews(client);
  },
}));
