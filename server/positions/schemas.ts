import { Type } from 'typebox';
import { IsoDate, Uuid } from '../http/schemas';
import { DeviceId, DeviceName, DeviceStatusSchema, DeviceType, Percent } from '../devices/schemas';

/** TypeBox schemas of device positions (SPEC.md section 3 "Device position on a floor"). */

export const DevicePositionSchema = Type.Object(
  {
    device_id: Type.String(),
    device_name: Type.String(),
    device_type: Type.String(),
    status: DeviceStatusSchema,
    x_percent: Type.Number(),
    y_percent: Type.Number(),
    floor_id: Uuid,
    created_at: IsoDate,
    updated_at: IsoDate,
  },
  { $id: 'DevicePosition' },
);

export const PlaceDeviceBody = Type.Object(
  { device_id: DeviceId, device_name: DeviceName, device_type: DeviceType, x_percent: Percent, y_percent: Percent },
  { additionalProperties: false },
);

export const MoveDeviceBody = Type.Object({ x_percent: Percent, y_percent: Percent }, { additionalProperties: false });

export const FloorDeviceParams = Type.Object({ floorId: Uuid, deviceId: DeviceId });
export const FloorIdParams = Type.Object({ id: Uuid });
export const FloorAndDeviceParams = Type.Object({ id: Uuid, deviceId: DeviceId });
