import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { devicePositions, devices } from '../db/schema';

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
      set: { floorId: values.floorId, xPercent: values.xPercent, yPercent: values.yPercent, updatedAt: sql`now()` },
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
