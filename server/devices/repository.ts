import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { devicePositions, devices } from '../db/schema';

/** Queries for devices, always filtered by organization. */

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceWithFloor = DeviceRow & { floorId: string | null };

function selectDevices(db: Executor) {
  return db
    .select({ device: devices, floorId: devicePositions.floorId })
    .from(devices)
    .leftJoin(devicePositions, eq(devicePositions.devicePk, devices.id));
}

const merge = (r: { device: DeviceRow; floorId: string | null }): DeviceWithFloor => ({ ...r.device, floorId: r.floorId });

export async function listDevices(db: Executor, organizationId: string): Promise<DeviceWithFloor[]> {
  const rows = await selectDevices(db).where(eq(devices.organizationId, organizationId)).orderBy(asc(devices.name), asc(devices.deviceId));
  return rows.map(merge);
}

export async function findDevice(db: Executor, organizationId: string, deviceId: string): Promise<DeviceWithFloor | undefined> {
  const [row] = await selectDevices(db).where(and(eq(devices.organizationId, organizationId), eq(devices.deviceId, deviceId))).limit(1);
  return row && merge(row);
}

export async function findDevicesByIds(db: Executor, organizationId: string, deviceIds: string[]): Promise<DeviceWithFloor[]> {
  if (deviceIds.length === 0) return [];
  const rows = await selectDevices(db).where(and(eq(devices.organizationId, organizationId), inArray(devices.deviceId, deviceIds)));
  return rows.map(merge);
}

/**
 * Inserts devices, or updates name, type (and MAC when given) of those the organization
 * already has. Status is VORTEX's to set, so an existing device keeps its status.
 */
export async function upsertDevices(db: Executor, values: (typeof devices.$inferInsert)[]): Promise<DeviceRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(devices)
    .values(values)
    .onConflictDoUpdate({
      target: [devices.organizationId, devices.deviceId],
      set: {
        name: sql`excluded.name`,
        type: sql`excluded.type`,
        mac: sql`coalesce(excluded.mac, ${devices.mac})`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
}

/** Sets the status of devices by VORTEX id (VORTEX sync, and the demo seed). */
export async function setDeviceStatus(db: Executor, organizationId: string, deviceId: string, status: 'online' | 'offline' | 'error'): Promise<void> {
  await db
    .update(devices)
    .set({ status, updatedAt: sql`now()`, ...(status === 'online' ? { lastSeenAt: sql`now()` } : {}) })
    .where(and(eq(devices.organizationId, organizationId), eq(devices.deviceId, deviceId)));
}
