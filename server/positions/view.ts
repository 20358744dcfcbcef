import { deviceStatus } from '../devices/view';
import type { PositionRow, PositionWithDevice } from './repository';
import type { DeviceRow } from '../devices/repository';

/** Wire shape of a device position (SPEC.md section 3), with the device's status joined in. */
export function positionView(position: PositionRow, device: DeviceRow) {
  return {
    device_id: device.deviceId,
    device_name: device.name,
    device_type: device.type,
    status: deviceStatus(device.status),
    x_percent: position.xPercent,
    y_percent: position.yPercent,
    floor_id: position.floorId,
    created_at: position.createdAt.toISOString(),
    updated_at: position.updatedAt.toISOString(),
  };
}

export const positionRowView = (row: PositionWithDevice) => positionView(row.position, row.device);
