/**
 * The devices list's filters (issue 5 "Devices list"): status, type and a search over name,
 * id and MAC, kept in the URL query (`?status=offline&type=CAMERA&q=lobby`) so the
 * dashboard's figures link to the matching list and the back button restores it. Pure.
 */
import type { Device, DeviceStatus } from '../../api/types';

export const DEVICE_STATUSES: readonly DeviceStatus[] = ['online', 'offline', 'error'];

export interface DeviceFilters {
  status: DeviceStatus | null;
  type: string | null;
  /** Search text as typed. */
  q: string;
}

const isStatus = (value: string | null): value is DeviceStatus => value !== null && (DEVICE_STATUSES as readonly string[]).includes(value);

/** Reads the filters from a query string (with or without '?'); unknown statuses and empty values are ignored. */
export function parseDeviceFilters(search: string): DeviceFilters {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const type = params.get('type');
  return { status: isStatus(status) ? status : null, type: type ? type : null, q: params.get('q') ?? '' };
}

/** The query string of `filters`, without '?'; empty when nothing filters. */
export function deviceFiltersSearch(filters: DeviceFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.type) params.set('type', filters.type);
  if (filters.q !== '') params.set('q', filters.q);
  return params.toString();
}

/** True when some filter narrows the list. */
export const hasDeviceFilters = (filters: DeviceFilters): boolean => filters.status !== null || filters.type !== null || filters.q.trim() !== '';

/** The devices matching every filter; the search matches name, device id or MAC, case-insensitive, ignoring ':' and '-' in MACs. */
export function filterDevices(devices: readonly Device[], filters: DeviceFilters): Device[] {
  const needle = filters.q.trim().toLowerCase();
  const macNeedle = needle.replace(/[:-]/g, '');
  return devices.filter((d) => {
    if (filters.status && d.status !== filters.status) return false;
    if (filters.type && d.device_type !== filters.type) return false;
    if (needle === '') return true;
    const mac = (d.mac ?? '').toLowerCase();
    return (
      d.device_name.toLowerCase().includes(needle) ||
      d.device_id.toLowerCase().includes(needle) ||
      mac.includes(needle) ||
      (macNeedle !== '' && mac.replace(/[:-]/g, '').includes(macNeedle))
    );
  });
}

/** The device types present, sorted, for the type filter. */
export function deviceTypesOf(devices: readonly Device[]): string[] {
  return [...new Set(devices.map((d) => d.device_type))].sort((a, b) => a.localeCompare(b));
}
