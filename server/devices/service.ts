import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { badRequest } from '../http/problem';
import { requireFloor } from '../floors/service';
import { limitReached, roomUnder } from '../organizations/limits';
import { upsertPosition } from '../positions/repository';
import { findDevicesByIds, upsertDevices, type DeviceWithFloor } from './repository';
import type { BulkImportBody } from './schemas';

/**
 * Where the n-th of `count` imported devices without a position goes: a grid across the
 * plan's middle, so none sit on top of each other and all are easy to drag into place.
 * Returns percent of the plan (10..90).
 */
export function gridSpot(index: number, count: number): { xPercent: number; yPercent: number } {
  const columns = Math.max(1, Math.ceil(Math.sqrt(count)));
  const rows = Math.max(1, Math.ceil(count / columns));
  const column = index % columns;
  const row = Math.floor(index / columns);
  return { xPercent: 10 + (80 * (column + 0.5)) / columns, yPercent: 10 + (80 * (row + 0.5)) / rows };
}

/**
 * `POST /v1/devices/bulk-import`: adds or updates the devices and places them all on the
 * floor, in one transaction (all or nothing). The devices new to the organization must fit
 * under the plan's device limit (updating a known one adds nothing); the check runs under
 * the organization lock in the same transaction.
 * @throws HttpProblem 400 for a duplicate device id in the payload, 404 for an unknown
 *   floor, 409 with `limit: "devices"` when the new devices would pass the plan's limit.
 */
export async function bulkImport(
  app: FastifyInstance,
  organizationId: string,
  body: Static<typeof BulkImportBody>,
): Promise<{ created: number; updated: number; devices: DeviceWithFloor[] }> {
  const seen = new Set<string>();
  body.devices.forEach((device, index) => {
    if (seen.has(device.device_id)) throw badRequest(`devices[${index}].device_id "${device.device_id}" appears more than once`, `devices.${index}.device_id`);
    seen.add(device.device_id);
  });
  const floor = await requireFloor(app, organizationId, body.floor_id);
  const ids = body.devices.map((d) => d.device_id);
  return app.db.transaction(async (tx) => {
    // Locks the organization first, so a concurrent create cannot slip in between the count and the insert.
    const room = await roomUnder(tx, organizationId, 'devices');
    const before = new Set((await findDevicesByIds(tx, organizationId, ids)).map((d) => d.deviceId));
    const adding = ids.length - before.size;
    if (adding > room.free) throw limitReached('devices', room.allowed, room.usage, adding);
    const rows = await upsertDevices(
      tx,
      body.devices.map((d) => ({ organizationId, deviceId: d.device_id, name: d.device_name.trim(), type: d.device_type, mac: d.mac ?? null, status: 'offline' })),
    );
    const byId = new Map(rows.map((row) => [row.deviceId, row]));
    for (const [index, d] of body.devices.entries()) {
      const device = byId.get(d.device_id);
      if (!device) throw new Error(`device ${d.device_id} missing after upsert`);
      const spot = d.x_percent !== undefined && d.y_percent !== undefined ? { xPercent: d.x_percent, yPercent: d.y_percent } : gridSpot(index, body.devices.length);
      await upsertPosition(tx, { organizationId, floorId: floor.id, devicePk: device.id, ...spot });
    }
    const devices = await findDevicesByIds(tx, organizationId, ids);
    return { created: ids.length - before.size, updated: before.size, devices };
  });
}
