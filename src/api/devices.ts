/**
 * Devices resource (SPEC.md section 7 "Devices"): the organization's VORTEX devices.
 * Errors are left as thrown by `apiFetch`; the device list shows them with
 * `problemMessage(error, 'Failed to load devices', { withMessage: true })` (SPEC.md section 8).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { toStatus } from './floorDevices';
import type { BulkImportRequest, BulkImportResponse, Device } from './types';
import { isRecord, stringOr, unwrapList, unwrapRecord } from '../lib/unwrapList';

/** SPEC.md section 9: the device list is refetched every 5 min, not in the background. */
export const DEVICE_LIST_REFETCH_MS = 300_000;

/** Query keys: `['devices']` the list, `['devices', id]` one device. */
export const deviceKeys = {
  all: ['devices'] as const,
  detail: (id: string) => ['devices', id] as const,
};

/**
 * Turns one device record into a `Device`: type falls back to 'unknown', status to
 * 'online' (SPEC.md section 3). Returns null without a string `device_id`.
 */
export function toDevice(raw: unknown): Device | null {
  if (!isRecord(raw)) return null;
  const id = stringOr(raw.device_id, stringOr(raw.id, null));
  if (!id) return null;
  return {
    device_id: id,
    device_name: stringOr(raw.device_name, stringOr(raw.name, id)),
    device_type: stringOr(raw.device_type, 'unknown'),
    status: toStatus(raw.status),
    mac: stringOr(raw.mac, null),
    floor_id: stringOr(raw.floor_id, null),
    last_seen_at: stringOr(raw.last_seen_at, null),
    created_at: stringOr(raw.created_at, ''),
    updated_at: stringOr(raw.updated_at, ''),
  };
}

/**
 * Normalises `GET /v1/devices` (SPEC.md section 5): an array, or an object holding a
 * `devices` array; anything else is treated as empty and a warning is logged.
 */
export function normaliseDeviceList(raw: unknown): Device[] {
  const list = unwrapList(raw, ['devices']);
  if (list === null) {
    console.warn('Unexpected device list response; treating it as empty', raw);
    return [];
  }
  return list.map(toDevice).filter((d): d is Device => d !== null);
}

/**
 * Query options of the device list, key `['devices']`, refetched every 300 000 ms but
 * not while the page is in the background (SPEC.md section 9).
 */
export function devicesQueryOptions() {
  return queryOptions({
    queryKey: deviceKeys.all,
    queryFn: async ({ signal }) => normaliseDeviceList(await apiFetch<unknown>('/devices', { signal })),
    refetchInterval: DEVICE_LIST_REFETCH_MS,
    refetchIntervalInBackground: false,
  });
}

/** Query options of one device, key `['devices', id]`; accepts a `{ device }` wrapper ('Failed to load devices'). */
export function deviceQueryOptions(id: string) {
  return queryOptions({
    queryKey: deviceKeys.detail(id),
    queryFn: async ({ signal }): Promise<Device> => {
      const raw = await apiFetch<unknown>(`/devices/${encodeURIComponent(id)}`, { signal });
      const device = toDevice(unwrapRecord(raw, ['device', 'data']));
      if (!device) throw new Error('Failed to load devices');
      return device;
    },
  });
}

/** Device counts by status with rounded percentages, 0 when there are no devices (SPEC.md section 3 "Device metrics"). */
export function deviceMetrics(devices: readonly Pick<Device, 'status'>[]) {
  const total = devices.length;
  const count = (status: Device['status']) => devices.filter((d) => d.status === status).length;
  const online = count('online');
  const offline = count('offline');
  const percent = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 100));
  return {
    total,
    online,
    offline,
    error: count('error'),
    onlinePercentage: percent(online),
    offlinePercentage: percent(offline),
  };
}

/** Most rows one `POST /v1/devices/bulk-import` takes (the server's `MAX_IMPORT_ROWS`). */
export const MAX_IMPORT_ROWS = 1000;

/**
 * `POST /v1/devices/bulk-import`: adds or updates the devices and places them on the
 * floor, all or nothing.
 * @returns the counts and the devices as stored
 * @throws the ofetch error: 400 naming the row (`errors[].field` as `devices.{index}.{column}`),
 *   404 for an unknown floor, 409 past the plan's device limit ('Failed to import devices')
 */
export async function bulkImportDevices(request: BulkImportRequest): Promise<BulkImportResponse> {
  const raw = await apiFetch<unknown>('/devices/bulk-import', { method: 'POST', body: request });
  const list = isRecord(raw) && Array.isArray(raw.devices) ? raw.devices : [];
  return {
    created: isRecord(raw) && typeof raw.created === 'number' ? raw.created : 0,
    updated: isRecord(raw) && typeof raw.updated === 'number' ? raw.updated : 0,
    devices: list.map(toDevice).filter((d): d is Device => d !== null),
  };
}

/**
 * `POST /v1/devices/{id}/sync`: refreshes one device from VORTEX's list.
 * @returns the device as stored after the sync
 * @throws the ofetch error (422 when VORTEX is not set up, 502 when it fails; 'Failed to sync with Vortex')
 */
export async function syncDevice(id: string): Promise<Device> {
  const device = toDevice(unwrapRecord(await apiFetch<unknown>(`/devices/${encodeURIComponent(id)}/sync`, { method: 'POST' }), ['device', 'data']));
  if (!device) throw new Error('Failed to sync with Vortex');
  return device;
}
