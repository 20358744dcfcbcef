import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { devicePositions, devices } from '../db/schema';
import type { FieldOfView } from './schemas';

/** Queries for device positions on floors, always filtered by organization. */

export type PositionRow = typeof devicePositions.$inferSelect;
export type PositionWithDevice = { position: PositionRow; device: typeof devices.$inferSelect };

function selectPositions(db: Executor) {
  return db.select({ position: devicePositions, device: devices }).from(devicePositions).innerJoin(devices, eq(devices.id, devicePositions.devicePk));
}

export async function listPositions(db: Executor, organizationId: string, floorId: string): Promise<PositionWithDevice[]> {
  return selectPositions(db)
    .where(and(eq(devicePositions.organizationId, organizationId), eq(devicePositions.floorId, floorId)))
    .orderBy(asc(devices.name));
}

export async function findPosition(db: Executor, organizationId: string, floorId: string, deviceId: string): Promise<PositionWithDevice | undefined> {
  const [row] = await selectPositions(db)
    .where(and(eq(devicePositions.organizationId, organizationId), eq(devicePositions.floorId, floorId), eq(devices.deviceId, deviceId)))
    .limit(1);
  return row;
}

/**
 * Keeps a field-of-view column when the device is placed again on the same floor, and
 * clears it when the device moves to another floor, where the old cone means nothing.
 * (In `on conflict do update`, the row's own columns are the values before the update.)
 */
const fovOnMove = (column: AnyPgColumn) =>
  sql`case when ${devicePositions.floorId} = excluded.floor_id then ${column} else null end`;

/** Places a device on a floor, moving it there if it sat elsewhere (one floor at a time). */
export async function upsertPosition(
  db: Executor,
  values: { organizationId: string; floorId: string; devicePk: string; xPercent: number; yPercent: number },
): Promise<PositionRow> {
  const [row] = await db
    .insert(devicePositions)
    .values(values)
    .onConflictDoUpdate({
      target: devicePositions.devicePk,
      set: {
        floorId: values.floorId,
        xPercent: values.xPercent,
        yPercent: values.yPercent,
        fovHeadingDeg: fovOnMove(devicePositions.fovHeadingDeg),
        fovAngleDeg: fovOnMove(devicePositions.fovAngleDeg),
        fovRangePercent: fovOnMove(devicePositions.fovRangePercent),
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('upsert position returned nothing');
  return row;
}

export async function movePosition(
  db: Executor,
  organizationId: string,
  floorId: string,
  devicePk: string,
  at: { xPercent: number; yPercent: number },
): Promise<PositionRow | undefined> {
  const [row] = await db
    .update(devicePositions)
    .set({ ...at, updatedAt: sql`now()` })
    .where(and(eq(devicePositions.organizationId, organizationId), eq(devicePositions.floorId, floorId), eq(devicePositions.devicePk, devicePk)))
    .returning();
  return row;
}

/**
 * Sets (or with null clears) the field of view of a device placed on `floorId`: heading
 * and angle in degrees, range in percent of the plan's width. Undefined when the device
 * is not on that floor in that organization.
 */
export async function setFov(
  db: Executor,
  organizationId: string,
  floorId: string,
  devicePk: string,
  fov: FieldOfView | null,
): Promise<PositionRow | undefined> {
  const [row] = await db
    .update(devicePositions)
    .set({
      fovHeadingDeg: fov?.heading_deg ?? null,
      fovAngleDeg: fov?.angle_deg ?? null,
      fovRangePercent: fov?.range_percent ?? null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(devicePositions.organizationId, organizationId), eq(devicePositions.floorId, floorId), eq(devicePositions.devicePk, devicePk)))
    .returning();
  return row;
}

export async function deletePosition(db: Executor, organizationId: string, floorId: string, devicePk: string): Promise<boolean> {
  const rows = await db
    .delete(devicePositions)
    .where(and(eq(devicePositions.organizationId, organizationId), eq(devicePositions.floorId, floorId), eq(devicePositions.devicePk, devicePk)))
    .returning({ id: devicePositions.id });
  return rows.length > 0;
}

export async function deleteAllPositions(db: Executor, organizationId: string, floorId: string): Promise<number> {
  const rows = await db
    .delete(devicePositions)
    .where(and(eq(devicePositions.organizationId, organizationId), eq(devicePositions.floorId, floorId)))
    .returning({ id: devicePositions.id });
  return rows.length;
}
