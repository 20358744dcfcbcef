import type { DeviceWithFloor } from './repository';

type Status = 'online' | 'offline' | 'error';
const STATUSES: readonly Status[] = ['online', 'offline', 'error'];

/** A stored status as the wire's union; anything unexpected reads as offline. */
export const deviceStatus = (value: string): Status => (STATUSES.includes(value as Status) ? (value as Status) : 'offline');

/** Wire shape of a device (SPEC.md section 3 "Device"). */
export function deviceView(row: DeviceWithFloor) {
  return {
    device_id: row.deviceId,
    device_name: row.name,
    device_type: row.type,
    status: deviceStatus(row.status),
    mac: row.mac,
    floor_id: row.floorId,
    last_seen_at: row.lastSeenAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
