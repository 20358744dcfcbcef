import { Type } from 'typebox';
import { IsoDate, Nullable, Uuid } from '../http/schemas';

/** TypeBox schemas of devices (SPEC.md section 3 "Device"). */

export const DeviceStatusSchema = Type.Union([Type.Literal('online'), Type.Literal('offline'), Type.Literal('error')]);

export const DeviceSchema = Type.Object(
  {
    device_id: Type.String(),
    device_name: Type.String(),
    device_type: Type.String(),
    status: DeviceStatusSchema,
    mac: Nullable(Type.String()),
    floor_id: Nullable(Uuid),
    last_seen_at: Nullable(IsoDate),
    created_at: IsoDate,
    updated_at: IsoDate,
  },
  { $id: 'Device' },
);

/** VORTEX device ids are MAC-based strings; keep them printable and bounded. */
export const DeviceId = Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7E]+$', description: "VORTEX's device id" });
export const DeviceName = Type.String({ minLength: 1, maxLength: 200 });
export const DeviceType = Type.String({ minLength: 1, maxLength: 64, description: 'CAMERA, NVR_CAMERA or another VORTEX type' });
/** Percent of the floor plan's natural size, origin top left (DESIGN.md). */
export const Percent = Type.Number({ minimum: 0, maximum: 100 });

/** Most devices one bulk import may carry. */
export const MAX_IMPORT_ROWS = 1000;

export const BulkImportBody = Type.Object(
  {
    floor_id: Uuid,
    devices: Type.Array(
      Type.Object(
        {
          device_id: DeviceId,
          device_name: DeviceName,
          device_type: DeviceType,
          mac: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
          x_percent: Type.Optional(Percent),
          y_percent: Type.Optional(Percent),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_IMPORT_ROWS },
    ),
  },
  { additionalProperties: false },
);

export const BulkImportResponse = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  devices: Type.Array(DeviceSchema),
});

export const DeviceParams = Type.Object({ id: DeviceId });
