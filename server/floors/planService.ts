import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { floors } from '../db/schema';
import type { Executor } from '../db/client';
import { inspectUpload, newFileName } from '../http/upload';
import { notFound } from '../http/problem';
import { deleteFloorPlan, findFloorPlan, insertFloorPlan, listFloorPlans, type FloorPlanRow } from './repository';
import { floorFolder } from './view';

/** A checked plan file written to the FileStore but not yet recorded in the database. */
export interface StagedPlan {
  id: string;
  fileName: string;
  storageKey: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
}

/**
 * Checks an upload by content and writes it to the store. The caller records it inside
 * its transaction and calls {@link discardStagedPlan} if that fails, so no file is orphaned.
 * @throws HttpProblem 400/415/422 for a refused image.
 */
export async function stagePlan(
  app: FastifyInstance,
  floor: { organizationId: string; buildingId: string; id: string },
  data: Buffer,
): Promise<StagedPlan> {
  const info = await inspectUpload(data, 'floor_plan');
  const fileName = newFileName('plan', info.extension);
  const storageKey = `${floorFolder(floor.organizationId, floor.buildingId, floor.id)}/${fileName}`;
  await app.files.put(storageKey, data, info.contentType);
  return { id: crypto.randomUUID(), fileName, storageKey, contentType: info.contentType, width: info.width, height: info.height, size: info.size };
}

export async function discardStagedPlan(app: FastifyInstance, plan: StagedPlan): Promise<void> {
  await app.files.delete(plan.storageKey).catch((error: unknown) => app.log.error({ err: error }, 'could not remove a staged plan file'));
}

/** Records a staged plan for a floor and makes it the floor's current plan. */
export async function recordPlanAsCurrent(db: Executor, organizationId: string, floorId: string, plan: StagedPlan): Promise<FloorPlanRow> {
  const row = await insertFloorPlan(db, {
    id: plan.id,
    organizationId,
    floorId,
    fileName: plan.fileName,
    storageKey: plan.storageKey,
    contentType: plan.contentType,
    width: plan.width,
    height: plan.height,
    size: plan.size,
  });
  await db.update(floors).set({ currentFloorPlanId: row.id }).where(eq(floors.id, floorId));
  return row;
}

/** Uploads a plan file and makes it current, all or nothing. */
export async function uploadCurrentPlan(
  app: FastifyInstance,
  floor: { organizationId: string; buildingId: string; id: string },
  data: Buffer,
): Promise<FloorPlanRow> {
  const staged = await stagePlan(app, floor, data);
  try {
    return await app.db.transaction((tx) => recordPlanAsCurrent(tx, floor.organizationId, floor.id, staged));
  } catch (error) {
    await discardStagedPlan(app, staged);
    throw error;
  }
}

/**
 * Deletes one plan file of a floor. When it was the current plan, the most recent other
 * file becomes current (or none). Device positions are percentages and stay as they are.
 */
export async function removePlanFile(
  app: FastifyInstance,
  floor: { organizationId: string; id: string; currentFloorPlanId: string | null },
  fileName: string,
): Promise<void> {
  const plan = await findFloorPlan(app.db, floor.organizationId, floor.id, fileName);
  if (!plan) throw notFound('Floor plan file');
  await app.db.transaction(async (tx) => {
    await deleteFloorPlan(tx, floor.organizationId, plan.id);
    if (floor.currentFloorPlanId === plan.id) {
      const remaining = await listFloorPlans(tx, floor.organizationId, floor.id);
      const latest = remaining.at(-1);
      await tx.update(floors).set({ currentFloorPlanId: latest?.id ?? null }).where(eq(floors.id, floor.id));
    }
  });
  await app.files.delete(plan.storageKey).catch((error: unknown) => app.log.error({ err: error }, 'could not delete a plan file'));
}
