import { deviceStatus } from '../devices/view';
import type { PositionRow, PositionWithDevice } from './repository';
import type { DeviceRow } from '../devices/repository';
import type { FieldOfView } from './schemas';

/** The position's field of view, or null unless all three parts are set. */
export function fovView(position: PositionRow): FieldOfView | null {
  const { fovHeadingDeg, fovAngleDeg, fovRangePercent } = position;
  if (fovHeadingDeg === null || fovAngleDeg === null || fovRangePercent === null) return null;
  return { heading_deg: fovHeadingDeg, angle_deg: fovAngleDeg, range_percent: fovRangePercent };
}

/**
 * Wire shape of a device position (SPEC.md section 3), with the device's status joined
 * in and its field of view (DESIGN.md "Wire conventions"), null when none is set.
 */
export function positionView(position: PositionRow, device: DeviceRow) {
  return {
    device_id: device.deviceId,
    device_name: device.name,
    device_type: device.type,
    status: deviceStatus(device.status),
    x_percent: position.xPercent,
    y_percent: position.yPercent,
    floor_id: position.floorId,
    fov: fovView(position),
    created_at: position.createdAt.toISOString(),
    updated_at: position.updatedAt.toISOString(),
  };
}

export const positionRowView = (row: PositionWithDevice) => positionView(row.position, row.device);
