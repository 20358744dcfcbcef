/**
 * Devices resource (SPEC.md section 7 "Devices"): the organization's VORTEX devices.
 * Errors are left as thrown by `apiFetch`; the device list shows them with
 * `problemMessage(error, 'Failed to load devices', { withMessage: true })` (SPEC.md section 8).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { toStatus } from './floorDevices';
import type { Device } from './types';
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
