import type { BuildingWithCount } from './repository';

/** Storage folder of a building's files (its map image and its floors' plans). */
export const buildingFolder = (organizationId: string, buildingId: string) =>
  `orgs/${organizationId}/buildings/${buildingId}`;

/** Wire shape of a building (SPEC.md section 3). */
export function buildingView(row: BuildingWithCount) {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    map_image_url: row.mapImageKey ? `/v1/buildings/${row.id}/map-image` : null,
    floor_count: row.floorCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
