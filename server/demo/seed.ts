import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../auth/passwords';
import { createOrganizationWithUser, countOrganizations } from '../organizations/repository';
import { createBuilding } from '../buildings/service';
import { createFloor } from '../floors/service';
import { bulkImport } from '../devices/service';
import { setDeviceStatus, upsertDevices } from '../devices/repository';
import { officeFirstFloor, officeGroundFloor, renderPlanPng, warehouseFloor, type DemoPlanDrawing } from './plans';
import { DEMO_BUILDINGS, DEMO_UNPLACED_CAMERAS, type DemoCamera } from './data';

export const DEMO_EMAIL = 'demo@floorwatch.dev';
export const DEMO_PASSWORD = 'floorwatch-demo';

const PLANS: Record<string, () => DemoPlanDrawing> = { officeGroundFloor, officeFirstFloor, warehouseFloor };

/** VORTEX-style device id: the camera's MAC without separators. */
const macOf = (deviceId: string) => deviceId.match(/../g)?.join(':') ?? deviceId;

async function addCameras(app: FastifyInstance, organizationId: string, floorId: string, plan: DemoPlanDrawing, cameras: DemoCamera[]) {
  await bulkImport(app, organizationId, {
    floor_id: floorId,
    devices: cameras.map((camera, index) => {
      const spot = plan.cameraSpots[index % plan.cameraSpots.length];
      return {
        device_id: camera.id,
        device_name: camera.name,
        device_type: camera.type,
        mac: macOf(camera.id),
        x_percent: spot?.xPercent ?? 50,
        y_percent: spot?.yPercent ?? 50,
      };
    }),
  });
}

/**
 * Seeds "Demo Organization" into an empty database: the demo user, two buildings with
 * real addresses, three floors with floor plans drawn by code, and about twenty cameras
 * with mixed statuses, most of them placed. Does nothing when any organization exists.
 * @returns true when it seeded
 */
export async function seedDemo(app: FastifyInstance): Promise<boolean> {
  if ((await countOrganizations(app.db)) > 0) return false;
  const { organization } = await createOrganizationWithUser(app.db, {
    organizationName: 'Demo Organization',
    email: DEMO_EMAIL,
    name: 'Demo User',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    plan: 'professional',
  });
  const organizationId = organization.id;
  for (const building of DEMO_BUILDINGS) {
    const row = await createBuilding(app, organizationId, building.details);
    for (const floor of building.floors) {
      const plan = PLANS[floor.plan]?.();
      if (!plan) throw new Error(`unknown demo plan ${floor.plan}`);
      const created = await createFloor(app, organizationId, {
        name: floor.name,
        level: floor.level,
        building_id: row.id,
        floor_plan: await renderPlanPng(plan.svg),
      });
      await addCameras(app, organizationId, created.id, plan, floor.cameras);
    }
  }
  await upsertDevices(
    app.db,
    DEMO_UNPLACED_CAMERAS.map((camera) => ({ organizationId, deviceId: camera.id, name: camera.name, type: camera.type, mac: macOf(camera.id), status: camera.status })),
  );
  const all = [...DEMO_BUILDINGS.flatMap((b) => b.floors.flatMap((f) => f.cameras)), ...DEMO_UNPLACED_CAMERAS];
  for (const camera of all) await setDeviceStatus(app.db, organizationId, camera.id, camera.status);
  app.log.info({ organizationId, devices: all.length }, 'seeded the demo organization');
  return true;
}
