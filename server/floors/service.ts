import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/problem';
import { fileField } from '../http/upload';
import { requiredName } from '../buildings/service';
import { requireRoom } from '../organizations/limits';
import type { FloorInput } from './schemas';
import { buildingExists, deleteFloor, findFloor, insertFloor, updateFloor, type FloorWithPlan } from './repository';
import { discardStagedPlan, recordPlanAsCurrent, stagePlan } from './planService';
import { floorFolder } from './view';

/**
 * Creates a floor in a building of the caller's organization, with its first floor plan
 * when one is uploaded. The plan file is checked and stored first; the floor and plan rows
 * are written in one transaction, which first checks the plan's floor limit under the
 * organization lock; on any failure the file is removed again.
 * @throws HttpProblem 400 (blank name), 404 (building not found), 409 with `limit:
 *   "floors"` at the plan's limit, 4xx for a refused image.
 */
export async function createFloor(app: FastifyInstance, organizationId: string, input: FloorInput): Promise<FloorWithPlan> {
  const name = requiredName(input.name);
  const buildingId = input.building_id;
  if (!buildingId) throw badRequest('building_id is required', 'building_id');
  if (!(await buildingExists(app.db, organizationId, buildingId))) throw notFound('Building');
  const id = crypto.randomUUID();
  const data = fileField(input, 'floor_plan');
  const staged = data ? await stagePlan(app, { organizationId, buildingId, id }, data) : undefined;
  try {
    await app.db.transaction(async (tx) => {
      await requireRoom(tx, organizationId, 'floors');
      await insertFloor(tx, { id, organizationId, buildingId, name, level: input.level });
      if (staged) await recordPlanAsCurrent(tx, organizationId, id, staged);
    });
  } catch (error) {
    if (staged) await discardStagedPlan(app, staged);
    throw error;
  }
  const floor = await findFloor(app.db, organizationId, id);
  if (!floor) throw new Error('created floor vanished');
  return floor;
}

/** Renames a floor and/or changes its level. */
export async function changeFloor(
  app: FastifyInstance,
  organizationId: string,
  id: string,
  input: { name?: string; level?: number },
): Promise<FloorWithPlan> {
  const row = await updateFloor(app.db, organizationId, id, {
    ...(input.name === undefined ? {} : { name: requiredName(input.name) }),
    ...(input.level === undefined ? {} : { level: input.level }),
  });
  if (!row) throw notFound('Floor');
  const floor = await findFloor(app.db, organizationId, id);
  if (!floor) throw notFound('Floor');
  return floor;
}

/** Deletes a floor, its positions and plan rows (cascade), then its files. */
export async function removeFloor(app: FastifyInstance, organizationId: string, id: string): Promise<void> {
  const row = await deleteFloor(app.db, organizationId, id);
  if (!row) throw notFound('Floor');
  await app.files.deletePrefix(floorFolder(organizationId, row.buildingId, id)).catch((error: unknown) => {
    app.log.error({ err: error, floorId: id }, 'could not delete the files of a deleted floor');
  });
}

/** The floor, or a 404 problem. */
export async function requireFloor(app: FastifyInstance, organizationId: string, id: string): Promise<FloorWithPlan> {
  const floor = await findFloor(app.db, organizationId, id);
  if (!floor) throw notFound('Floor');
  return floor;
}
