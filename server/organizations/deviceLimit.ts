import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { devices } from '../db/schema';
import { limitReached, roomUnder, type Room } from './limits';

/** Ids per lookup, far below PostgreSQL's 65 535 parameters. */
const CHUNK = 1_000;

/** Which of `deviceIds` the organization already has. */
async function existingIds(tx: Executor, organizationId: string, deviceIds: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < deviceIds.length; i += CHUNK) {
    const part = deviceIds.slice(i, i + CHUNK);
    const rows = await tx
      .select({ deviceId: devices.deviceId })
      .from(devices)
      .where(and(eq(devices.organizationId, organizationId), inArray(devices.deviceId, part)));
    for (const row of rows) found.add(row.deviceId);
  }
  return found;
}

/** What fits under the device limit: every known device, and new ones in list order while room lasts. */
export interface DeviceAdmission<T> {
  admitted: T[];
  /** New devices past the limit, in list order. */
  skipped: T[];
  room: Room;
}

/**
 * Splits a device list (each id once) at the plan's device limit: devices the
 * organization has always pass (updating one adds nothing), new ones pass in list order
 * until the limit is reached, the rest are skipped. Locks the organization row like
 * `requireRoom`, so call it in the transaction that then writes `admitted`.
 */
export async function admitDevices<T extends { deviceId: string }>(tx: Executor, organizationId: string, listed: readonly T[]): Promise<DeviceAdmission<T>> {
  const room = await roomUnder(tx, organizationId, 'devices');
  const known = await existingIds(
    tx,
    organizationId,
    listed.map((d) => d.deviceId),
  );
  const admitted: T[] = [];
  const skipped: T[] = [];
  let free = room.free;
  for (const device of listed) {
    if (known.has(device.deviceId)) admitted.push(device);
    else if (free > 0) {
      admitted.push(device);
      free -= 1;
    } else skipped.push(device);
  }
  return { admitted, skipped, room };
}

/**
 * Refuses to add the device `deviceId` past the plan's device limit, unless it exists by
 * the time the organization lock is held (a concurrent request added it: placing it then
 * adds nothing). Call in the inserting transaction, when the device looked unknown.
 * @throws HttpProblem 409 with `limit: "devices"`
 */
export async function requireRoomForDevice(tx: Executor, organizationId: string, deviceId: string): Promise<void> {
  const room = await roomUnder(tx, organizationId, 'devices');
  if (room.free > 0 || (await existingIds(tx, organizationId, [deviceId])).size > 0) return;
  throw limitReached('devices', room.allowed, room.usage);
}
