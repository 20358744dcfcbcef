/**
 * Which device the events screen asks for an event's snapshot (SPEC.md sections 5 and
 * 7): the organization's device the event was matched to, when that device is a CAMERA
 * or NVR_CAMERA. `GET /v1/devices/{id}/snapshot` serves only those (the event's stored
 * thumbnail when `has_snapshot`, else VORTEX's recorded image at the event's time), so an
 * unknown device or any other type gets no thumbnail. Pure.
 */
import type { EventRecord } from '../../api/events';
import type { Device } from '../../api/types';
import { supportsSnapshots } from '../../lib/snapshotCache/policy';
import type { SnapshotDevice } from '../../lib/snapshotCache/policy';

/** The snapshot device of `event`, or null; `devicesById` maps VORTEX device ids to devices. */
export function snapshotSourceOf(
  event: Pick<EventRecord, 'mapped_device_id'>,
  devicesById: ReadonlyMap<string, Pick<Device, 'device_type'>>,
): SnapshotDevice | null {
  if (event.mapped_device_id === null) return null;
  const device = devicesById.get(event.mapped_device_id);
  if (!device || !supportsSnapshots(device.device_type)) return null;
  return { deviceId: event.mapped_device_id, deviceType: device.device_type };
}

/** The link of an event's device: its matched device, else the id VORTEX sent. */
export const eventDeviceHref = (event: Pick<EventRecord, 'mapped_device_id' | 'device_id'>): string =>
  `/devices/${encodeURIComponent(event.mapped_device_id ?? event.device_id)}`;
