import { findDevice, setDeviceStatus, type DeviceWithFloor } from '../devices/repository';
import { markUnlistedOffline, uniqueById, upsertListedDevices } from '../devices/syncRepository';
import { notFound } from '../http/problem';
import { admitDevices } from '../organizations/deviceLimit';
import { skippedDevicesDetail } from '../organizations/plans';
import type { VortexConnector } from './connector';
import { markSynced } from './repository';
import { connectorProblem, organizationConnector, type VortexDeps } from './service';

/** What `POST /v1/vortex/sync` did. */
export interface SyncCounts {
  /** Listed devices new to the organization. */
  created: number;
  /** Listed devices the organization had (name, type, status, MAC refreshed). */
  updated: number;
  /** Devices VORTEX no longer lists that were not offline yet; none is deleted. */
  markedOffline: number;
  /** Devices VORTEX listed (each id once). */
  total: number;
  /** New devices VORTEX listed past the plan's device limit, not added (in VORTEX's order). */
  skippedDeviceIds: string[];
  /** Why devices were skipped and how to add them; null when none was. */
  limitDetail: string | null;
  /** When the sync was recorded (database clock). */
  lastSyncAt: Date;
}

/** Lists VORTEX's devices, turning a connector failure into a 502 problem. */
async function listFrom(connector: VortexConnector) {
  try {
    return uniqueById(await connector.listDevices());
  } catch (error) {
    throw connectorProblem(error);
  }
}

/**
 * `POST /v1/vortex/sync`: makes the organization's devices match VORTEX's list, in one
 * transaction: listed devices are inserted or get VORTEX's name, type, status and MAC;
 * new devices past the plan's device limit are skipped and reported, not refused, so a
 * sync still refreshes every known device (the first new ones in VORTEX's order fill the
 * room left, under the organization lock);
 * devices VORTEX no longer lists are marked offline, never deleted (a placed device
 * keeps its position and its events); `last_sync_at` is set. VORTEX is asked before the
 * transaction opens, so no database connection waits on it.
 * @throws HttpProblem 422 when VORTEX is not set up, 502 when it fails
 */
export async function syncOrganizationDevices(deps: VortexDeps, organizationId: string): Promise<SyncCounts> {
  const { connector } = await organizationConnector(deps, organizationId);
  const listed = await listFrom(connector);
  return deps.db.transaction(async (tx) => {
    const { admitted, skipped, room } = await admitDevices(tx, organizationId, listed);
    const { created, updated } = await upsertListedDevices(tx, organizationId, admitted);
    const markedOffline = await markUnlistedOffline(tx, organizationId);
    const lastSyncAt = (await markSynced(tx, organizationId)) ?? new Date();
    const skippedDeviceIds = skipped.map((d) => d.deviceId);
    const limitDetail = skipped.length === 0 ? null : skippedDevicesDetail(skipped.length, room.allowed);
    return { created, updated, markedOffline, total: listed.length, skippedDeviceIds, limitDetail, lastSyncAt };
  });
}

/**
 * `POST /v1/devices/{id}/sync`: refreshes one device of the organization from VORTEX's
 * list (VORTEX's contract has no single-device call). A device VORTEX no longer lists is
 * marked offline and returned, not deleted or refused: it may be placed on a plan.
 * @throws HttpProblem 404 when the organization has no such device (before asking
 *   VORTEX), 422 when VORTEX is not set up, 502 when it fails
 */
export async function syncOneDevice(deps: VortexDeps, organizationId: string, deviceId: string): Promise<DeviceWithFloor> {
  if (!(await findDevice(deps.db, organizationId, deviceId))) throw notFound('Device');
  const { connector } = await organizationConnector(deps, organizationId);
  const listed = (await listFrom(connector)).find((d) => d.deviceId === deviceId);
  await deps.db.transaction(async (tx) => {
    if (listed) await upsertListedDevices(tx, organizationId, [listed]);
    else await setDeviceStatus(tx, organizationId, deviceId, 'offline');
  });
  const device = await findDevice(deps.db, organizationId, deviceId);
  if (!device) throw notFound('Device');
  return device;
}
