import { Type } from 'typebox';
import { IsoDate, Nullable, Uuid } from '../http/schemas';
import { DeviceId, DeviceName, DeviceStatusSchema, DeviceType, Percent } from '../devices/schemas';

/** TypeBox schemas of device positions (SPEC.md section 3 "Device position on a floor"). */

/** The field of view's media type (SPEC.md section 7, DESIGN.md "Wire conventions"). */
export const FOV_CONTENT_TYPE = 'application/vnd.floorwatch.fov+json';

/** A camera's field of view (DESIGN.md "Wire conventions"). */
const fovFields = {
  heading_deg: Type.Number({ minimum: 0, exclusiveMaximum: 360, description: "Degrees clockwise from the image's up, 0..<360" }),
  angle_deg: Type.Number({ minimum: 1, maximum: 360, description: 'Width of the cone in degrees, 1..360' }),
  range_percent: Type.Number({ minimum: 0, maximum: 100, description: 'Reach in percent of the image width, 0..100' }),
};

export const FieldOfViewSchema = Type.Object(fovFields);

export const DevicePositionSchema = Type.Object(
  {
    device_id: Type.String(),
    device_name: Type.String(),
    device_type: Type.String(),
    status: DeviceStatusSchema,
    x_percent: Type.Number(),
    y_percent: Type.Number(),
    floor_id: Uuid,
    /** Null until a field of view is set. */
    fov: Nullable(FieldOfViewSchema),
    created_at: IsoDate,
    updated_at: IsoDate,
  },
  { $id: 'DevicePosition' },
);

/** PATCH …/fov: only the vendor media type; no other field is accepted. */
export const FovBody = {
  content: { [FOV_CONTENT_TYPE]: { schema: Type.Object(fovFields, { additionalProperties: false }) } },
};

/** The validated body of PATCH …/fov. */
export interface FieldOfView {
  heading_deg: number;
  angle_deg: number;
  range_percent: number;
}

export const PlaceDeviceBody = Type.Object(
  { device_id: DeviceId, device_name: DeviceName, device_type: DeviceType, x_percent: Percent, y_percent: Percent },
  { additionalProperties: false },
);

export const MoveDeviceBody = Type.Object({ x_percent: Percent, y_percent: Percent }, { additionalProperties: false });

export const FloorDeviceParams = Type.Object({ floorId: Uuid, deviceId: DeviceId });
export const FloorIdParams = Type.Object({ id: Uuid });
export const FloorAndDeviceParams = Type.Object({ id: Uuid, deviceId: DeviceId });
