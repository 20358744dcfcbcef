import { Type } from 'typebox';
import { IsoDate, Nullable, Uuid } from '../http/schemas';
import { FilePart } from '../http/upload';

/** TypeBox schemas of the buildings resource (SPEC.md section 3 "Building"). */

export const BuildingSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    address: Nullable(Type.String()),
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
    map_image_url: Nullable(Type.String()),
    floor_count: Type.Integer(),
    created_at: IsoDate,
    updated_at: IsoDate,
  },
  { $id: 'Building' },
);

const name = Type.String({ minLength: 1, maxLength: 200, description: 'Required; not blank' });
const address = Type.String({ maxLength: 500 });
const latitude = Type.Number({ minimum: -90, maximum: 90, description: 'Degrees' });
const longitude = Type.Number({ minimum: -180, maximum: 180, description: 'Degrees' });

const jsonFields = {
  address: Type.Optional(Nullable(address)),
  latitude: Type.Optional(Nullable(latitude)),
  longitude: Type.Optional(Nullable(longitude)),
};
const multipartFields = {
  address: Type.Optional(address),
  latitude: Type.Optional(latitude),
  longitude: Type.Optional(longitude),
  map_image: Type.Optional(FilePart),
};

/** POST /buildings: JSON or multipart (with `map_image`). */
export const CreateBuildingBody = {
  content: {
    'application/json': { schema: Type.Object({ name, ...jsonFields }, { additionalProperties: false }) },
    'multipart/form-data': { schema: Type.Object({ name, ...multipartFields }) },
  },
};

/** PATCH /buildings/{id}: a subset of the fields, JSON or multipart. */
export const UpdateBuildingBody = {
  content: {
    'application/json': { schema: Type.Object({ name: Type.Optional(name), ...jsonFields }, { additionalProperties: false }) },
    'multipart/form-data': { schema: Type.Object({ name: Type.Optional(name), ...multipartFields }) },
  },
};

/** What the handlers read from either body once validated. */
export interface BuildingInput {
  name?: string;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  map_image?: unknown;
}
