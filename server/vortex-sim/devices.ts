import { DEMO_BUILDINGS, DEMO_UNPLACED_CAMERAS, type DemoCamera } from '../demo/data';
import type { VortexDevice, VortexDeviceStatus } from '../vortex/connector';
import { hashUnit } from './random';

/**
 * A simulated VORTEX device: what the device list shows, plus what its webhooks carry
 * (the camera's time zone and VORTEX device group).
 */
export interface SimDevice extends VortexDevice {
  /** Status when nothing is going on; {@link statusAt} varies it over time. */
  status: VortexDeviceStatus;
  /** IANA zone of the site; VORTEX's `localTime` is on this wall clock. */
  timezone: string;
  groupId: string;
  groupName: string;
}

/** VORTEX types that give images (SPEC.md section 4: only cameras have snapshots). */
export const CAMERA_TYPES: ReadonlySet<string> = new Set(['CAMERA', 'NVR_CAMERA']);

/** How long one simulated status lasts before it may change, in ms. */
export const STATUS_SLOT_MS = 10 * 60_000;

/** Chance per slot that a device leaves its usual status, by usual status. */
const CHANGE_CHANCE: Record<VortexDeviceStatus, number> = { online: 0.04, offline: 0.25, error: 0.3 };

/** Site of each demo building: its zone, for the webhooks' local times. */
const SITE_ZONES: Record<string, string> = {
  'Floorwatch Demo HQ': 'America/Los_Angeles',
  'Floorwatch Demo Logistics': 'Europe/Amsterdam',
};

/** `0002D1A4C7F1` to `00:02:D1:A4:C7:F1`. */
function macOf(deviceId: string): string {
  return deviceId.toUpperCase().replace(/(..)(?!$)/g, '$1:');
}

function groupIdOf(groupName: string): string {
  return `grp-${Math.floor(hashUnit(groupName) * 0xffffffff).toString(16).padStart(8, '0')}`;
}

function fromCamera(camera: DemoCamera, groupName: string, timezone: string): SimDevice {
  // Cameras recorded through an NVR are listed by VORTEX without a MAC of their own.
  const mac = camera.type === 'NVR_CAMERA' ? null : macOf(camera.id);
  return { deviceId: camera.id, name: camera.name, type: camera.type, status: camera.status, mac, timezone, groupId: groupIdOf(groupName), groupName };
}

function other(deviceId: string, name: string, type: string, groupName: string, timezone: string): SimDevice {
  return { deviceId, name, type, status: 'online', mac: macOf(deviceId), timezone, groupId: groupIdOf(groupName), groupName };
}

/**
 * The simulated fleet: the demo organization's 20 cameras (server/demo/data.ts), with
 * the same ids, names, types and usual statuses, plus devices of other VORTEX types
 * that give no snapshots: two I/O modules (door contacts) and an NVR.
 * @returns a fresh array, in a stable order
 */
export function simulatedFleet(): SimDevice[] {
  const devices: SimDevice[] = [];
  for (const building of DEMO_BUILDINGS) {
    const timezone = SITE_ZONES[building.details.name] ?? 'UTC';
    for (const floor of building.floors) {
      for (const camera of floor.cameras) devices.push(fromCamera(camera, `${building.details.name} - ${floor.name}`, timezone));
    }
  }
  const hq = DEMO_BUILDINGS[0]?.details.name ?? 'Floorwatch Demo HQ';
  for (const camera of DEMO_UNPLACED_CAMERAS) devices.push(fromCamera(camera, `${hq} - Outdoor`, SITE_ZONES[hq] ?? 'UTC'));
  devices.push(
    other('0002D1E5A001', 'DI/DO Server Room Door Contact', 'IO_MODULE', `${hq} - Ground Floor`, 'America/Los_Angeles'),
    other('0002D1E5A002', 'DI/DO Dock Door Contacts', 'IO_MODULE', 'Floorwatch Demo Logistics - Warehouse Floor', 'Europe/Amsterdam'),
    other('0002D1F7B001', 'ND9541P Warehouse Recorder', 'NVR', 'Floorwatch Demo Logistics - Warehouse Floor', 'Europe/Amsterdam'),
  );
  return devices;
}

/**
 * A device's status at an instant: its usual status, except that in some 10-minute
 * slots (chosen by a hash of the id and the slot, so every caller and every run agrees)
 * an online device goes offline and an offline or failing one comes back online.
 * @param atMs Unix time in ms
 */
export function statusAt(device: SimDevice, atMs: number): VortexDeviceStatus {
  const slot = Math.floor(atMs / STATUS_SLOT_MS);
  if (hashUnit(`${device.deviceId}/${slot}`) >= CHANGE_CHANCE[device.status]) return device.status;
  return device.status === 'online' ? 'offline' : 'online';
}

/** True for the types that give snapshots (CAMERA, NVR_CAMERA). */
export function isCamera(device: Pick<VortexDevice, 'type'>): boolean {
  return CAMERA_TYPES.has(device.type);
}
