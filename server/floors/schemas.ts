import { Type, type TProperties } from 'typebox';
import { IsoDate, Nullable, Uuid } from '../http/schemas';
import { FilePart } from '../http/upload';

/** TypeBox schemas of floors and their floor plan files (SPEC.md section 3). */

export const FloorSchema = Type.Object(
  {
    id: Uuid,
    building_id: Uuid,
    name: Type.String(),
    level: Type.Integer(),
    floor_plan_url: Nullable(Type.String()),
    floor_plan_filename: Nullable(Type.String()),
    floor_plan_width: Nullable(Type.Integer()),
    floor_plan_height: Nullable(Type.Integer()),
    floor_plan_display_url: Nullable(Type.String({ description: 'The current plan file to show at normal zoom: its display version (long side at most 4096 px) or, for a smaller plan, the original' })),
    floor_plan_display_width: Nullable(Type.Integer()),
    floor_plan_display_height: Nullable(Type.Integer()),
    device_count: Type.Integer(),
    created_at: IsoDate,
    updated_at: IsoDate,
  },
  { $id: 'Floor' },
);

export const FloorPlanFileSchema = Type.Object(
  {
    file_name: Type.String(),
    filename: Type.String(),
    url: Type.String(),
    width: Type.Integer(),
    height: Type.Integer(),
    content_type: Type.String(),
    size: Type.Integer(),
    uploaded_at: IsoDate,
    display_url: Type.String({ description: 'File to show at normal zoom: a copy at most 4096 px on its long side for a larger raster, else the original' }),
    display_width: Type.Integer(),
    display_height: Type.Integer(),
    original_url: Type.String({ description: 'The original file at its natural size (the same as url)' }),
  },
  { $id: 'FloorPlanFile' },
);

const name = Type.String({ minLength: 1, maxLength: 200, description: 'Required; not blank' });
const level = Type.Integer({ minimum: -100, maximum: 300, description: 'Storey number; 0 is the ground floor' });

const floorBody = <P extends TProperties>(fields: P) => ({
  content: {
    'application/json': { schema: Type.Object(fields, { additionalProperties: false }) },
    'multipart/form-data': { schema: Type.Object({ ...fields, floor_plan: Type.Optional(FilePart) }) },
  },
});

/** POST /floors: JSON or multipart with name, level, building_id and an optional floor_plan file. */
export const CreateFloorBody = floorBody({ name, level, building_id: Uuid });

/** POST /buildings/{id}/floors: the same, with the building taken from the path. */
export const CreateBuildingFloorBody = floorBody({ name, level });

export const UpdateFloorBody = Type.Object(
  { name: Type.Optional(name), level: Type.Optional(level) },
  { additionalProperties: false, minProperties: 1 },
);

export const PlanUploadBody = {
  content: { 'multipart/form-data': { schema: Type.Object({ floor_plan: FilePart }) } },
};

export interface FloorInput {
  name: string;
  level: number;
  building_id?: string;
  floor_plan?: unknown;
}

/** PUT /floors/{id}/plan-image: which of the floor's plan files becomes current. */
export const CurrentPlanBody = Type.Object(
  { file_name: Type.String({ minLength: 1, maxLength: 100, description: 'A file_name from GET /floors/{id}/floor-plans' }) },
  { additionalProperties: false },
);

export const FloorParams = Type.Object({ id: Uuid });
export const FloorFileParams = Type.Object({ id: Uuid, filename: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$' }) });
