import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { floors } from '../db/schema';
import type { Executor } from '../db/client';
import { MAX_IMAGE_PIXELS, asUploadProblem, inspectUpload, newFileName } from '../http/upload';
import { makeDisplayVersion } from '../images/displayVersion';
import { notFound } from '../http/problem';
import { deleteFloorPlan, findFloorPlan, insertFloorPlan, listFloorPlans, type FloorPlanRow } from './repository';
import { floorFolder } from './view';

/** The display version of a staged plan (see server/images/displayVersion.ts). */
export interface StagedDisplay {
  fileName: string;
  storageKey: string;
  contentType: string;
  width: number;
  height: number;
  size: number;
}

/** A checked plan file written to the FileStore but not yet recorded in the database. */
export interface StagedPlan {
  id: string;
  fileName: string;
  storageKey: string;
  contentType: string;
  /** Natural size of the original, px. */
  width: number;
  height: number;
  size: number;
  /** Null when the original is its own display version (long side ≤ 4096 px, or SVG). */
  display: StagedDisplay | null;
}

/** `plan-3f9a1c2b7d.png` → `plan-3f9a1c2b7d.display.png`: the display version sits beside its original. */
export const displayFileName = (fileName: string, extension: string) => `${fileName.replace(/\.[^.]+$/, '')}.display.${extension}`;

/**
 * Checks an upload by content, makes its display version when it is large, and writes
 * both to the store. Everything that can refuse the file (content check, decoding for the
 * resize) runs before anything is written. The caller records it inside its transaction
 * and calls {@link discardStagedPlan} if that fails, so no file is orphaned.
 * @throws HttpProblem 400/415/422 for a refused image (422 also when its pixels cannot be decoded).
 */
export async function stagePlan(
  app: FastifyInstance,
  floor: { organizationId: string; buildingId: string; id: string },
  data: Buffer,
): Promise<StagedPlan> {
  const info = await inspectUpload(data, 'floor_plan');
  const display = await makeDisplayVersion(data, info, MAX_IMAGE_PIXELS).catch((error: unknown) => {
    throw asUploadProblem(error, 'floor_plan');
  });
  const folder = floorFolder(floor.organizationId, floor.buildingId, floor.id);
  const fileName = newFileName('plan', info.extension);
  const staged: StagedPlan = {
    id: crypto.randomUUID(),
    fileName,
    storageKey: `${folder}/${fileName}`,
    contentType: info.contentType,
    width: info.width,
    height: info.height,
    size: info.size,
    display: null,
  };
  if (display) {
    const name = displayFileName(fileName, display.extension);
    staged.display = { fileName: name, storageKey: `${folder}/${name}`, contentType: display.contentType, width: display.width, height: display.height, size: display.size };
  }
  await app.files.put(staged.storageKey, data, info.contentType);
  if (display && staged.display) {
    try {
      await app.files.put(staged.display.storageKey, display.data, display.contentType);
    } catch (error) {
      await discardStagedPlan(app, staged);
      throw error;
    }
  }
  return staged;
}

/** Storage keys of a plan's files: the original and, when there is one, its display version. */
function planKeys(plan: { storageKey: string; displayStorageKey?: string | null; display?: StagedDisplay | null }): string[] {
  const display = plan.display?.storageKey ?? plan.displayStorageKey;
  return display ? [plan.storageKey, display] : [plan.storageKey];
}

async function deleteFiles(app: FastifyInstance, keys: string[], what: string): Promise<void> {
  for (const key of keys) await app.files.delete(key).catch((error: unknown) => app.log.error({ err: error, key }, `could not delete ${what}`));
}

/** Removes a staged plan's files (original and display version); failures are logged, not thrown. */
export async function discardStagedPlan(app: FastifyInstance, plan: StagedPlan): Promise<void> {
  await deleteFiles(app, planKeys(plan), 'a staged plan file');
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
    displayFileName: plan.display?.fileName ?? null,
    displayStorageKey: plan.display?.storageKey ?? null,
    displayContentType: plan.display?.contentType ?? null,
    displayWidth: plan.display?.width ?? null,
    displayHeight: plan.display?.height ?? null,
    displaySize: plan.display?.size ?? null,
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
  await deleteFiles(app, planKeys(plan), 'a plan file');
}

/**
 * Makes an existing plan file of a floor its current plan. Device positions are
 * percentages of the plan, so markers keep their places on the new plan.
 * @throws HttpProblem 404 when the floor has no file of that name.
 */
export async function makePlanCurrent(
  app: FastifyInstance,
  floor: { organizationId: string; id: string },
  fileName: string,
): Promise<FloorPlanRow> {
  const plan = await findFloorPlan(app.db, floor.organizationId, floor.id, fileName);
  if (!plan) throw notFound('Floor plan file');
  await app.db
    .update(floors)
    .set({ currentFloorPlanId: plan.id })
    .where(and(eq(floors.organizationId, floor.organizationId), eq(floors.id, floor.id)));
  return plan;
}
