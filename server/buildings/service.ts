import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../http/problem';
import { fileField, inspectUpload, newFileName } from '../http/upload';
import { requireRoom } from '../organizations/limits';
import type { BuildingInput } from './schemas';
import { buildingFolder } from './view';
import {
  deleteBuilding,
  findBuilding,
  insertBuilding,
  updateBuilding,
  type BuildingWithCount,
} from './repository';

/** Trims a name and refuses a blank one, naming the field. */
export function requiredName(value: string, field = 'name'): string {
  const trimmed = value.trim();
  if (trimmed === '') throw badRequest(`${field} must not be blank`, field);
  return trimmed;
}

function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Latitude and longitude come as a pair: one without the other cannot be placed on a map. */
function coordinates(input: BuildingInput) {
  const { latitude, longitude } = input;
  if ((latitude === undefined) !== (longitude === undefined)) {
    throw badRequest('latitude and longitude must be given together', latitude === undefined ? 'latitude' : 'longitude');
  }
  return latitude === undefined ? {} : { latitude, longitude };
}

interface StoredImage {
  key: string;
  contentType: string;
  width: number;
  height: number;
}

/** Checks and stores a `map_image` upload; returns undefined when none was sent. */
async function storeMapImage(app: FastifyInstance, organizationId: string, buildingId: string, body: unknown): Promise<StoredImage | undefined> {
  const data = fileField(body, 'map_image');
  if (!data) return undefined;
  const info = await inspectUpload(data, 'map_image');
  const key = `${buildingFolder(organizationId, buildingId)}/${newFileName('map', info.extension)}`;
  await app.files.put(key, data, info.contentType);
  return { key, contentType: info.contentType, width: info.width, height: info.height };
}

const imageColumns = (image: StoredImage | undefined) =>
  image
    ? { mapImageKey: image.key, mapImageContentType: image.contentType, mapImageWidth: image.width, mapImageHeight: image.height }
    : {};

/**
 * Creates a building, storing its map image first; if the row cannot be written the file
 * is removed again, so a failed request leaves nothing behind. The plan's building limit
 * is checked in the inserting transaction, under the organization lock.
 * @throws HttpProblem 400 (blank name, half a coordinate pair), 409 with `limit:
 *   "buildings"` at the plan's limit, 4xx for a refused image
 */
export async function createBuilding(app: FastifyInstance, organizationId: string, input: BuildingInput): Promise<BuildingWithCount> {
  const name = requiredName(input.name ?? '');
  const id = crypto.randomUUID();
  const image = await storeMapImage(app, organizationId, id, input);
  try {
    const row = await app.db.transaction(async (tx) => {
      await requireRoom(tx, organizationId, 'buildings');
      return insertBuilding(tx, {
        id,
        organizationId,
        name,
        address: optionalText(input.address) ?? null,
        ...coordinates(input),
        ...imageColumns(image),
      });
    });
    return { ...row, floorCount: 0 };
  } catch (error) {
    if (image) await app.files.delete(image.key);
    throw error;
  }
}

/** Updates the fields given; a new map image replaces (and deletes) the old one. */
export async function changeBuilding(app: FastifyInstance, organizationId: string, id: string, input: BuildingInput): Promise<BuildingWithCount> {
  const existing = await findBuilding(app.db, organizationId, id);
  if (!existing) throw notFound('Building');
  const image = await storeMapImage(app, organizationId, id, input);
  try {
    const row = await updateBuilding(app.db, organizationId, id, {
      ...(input.name === undefined ? {} : { name: requiredName(input.name) }),
      ...(input.address === undefined ? {} : { address: optionalText(input.address) ?? null }),
      ...coordinates(input),
      ...imageColumns(image),
    });
    if (!row) throw notFound('Building');
    if (image && existing.mapImageKey) await app.files.delete(existing.mapImageKey);
    return { ...row, floorCount: existing.floorCount };
  } catch (error) {
    if (image) await app.files.delete(image.key);
    throw error;
  }
}

/** Deletes a building with its floors and positions (cascade), then its files. */
export async function removeBuilding(app: FastifyInstance, organizationId: string, id: string): Promise<void> {
  const row = await deleteBuilding(app.db, organizationId, id);
  if (!row) throw notFound('Building');
  await app.files.deletePrefix(buildingFolder(organizationId, id)).catch((error: unknown) => {
    app.log.error({ err: error, buildingId: id }, 'could not delete the files of a deleted building');
  });
}
