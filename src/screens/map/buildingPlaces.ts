/**
 * What the maps draw (issue 5 "Screens": building map and global map): where each building
 * stands and how its devices are. Pure: no React, no Leaflet.
 */
import type { FloorWithImage } from '../../api/floors';
import type { deviceMetrics } from '../../api/devices';
import type { Building, Device } from '../../api/types';

/** Latitude and longitude in degrees (WGS 84, as Leaflet takes them). */
export type LatLng = readonly [latitude: number, longitude: number];

/** The counts a marker and a list row show (as `deviceMetrics` returns them). */
export type StatusCounts = Pick<ReturnType<typeof deviceMetrics>, 'total' | 'online' | 'offline' | 'error'>;

/** A building's position, or null when it has no latitude or longitude (or one out of range). */
export function buildingPosition(building: Pick<Building, 'latitude' | 'longitude'>): LatLng | null {
  const { latitude, longitude } = building;
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return [latitude, longitude];
}

/**
 * The devices placed on each building's floors. A device with no floor, or on a floor not
 * in `floors`, belongs to no building.
 * @returns building id → its devices; buildings without devices are absent.
 */
export function devicesByBuilding<D extends Pick<Device, 'floor_id'>>(
  floors: readonly Pick<FloorWithImage, 'id' | 'building_id'>[],
  devices: readonly D[],
): Map<string, D[]> {
  const buildingOfFloor = new Map(floors.map((f) => [f.id, f.building_id]));
  const grouped = new Map<string, D[]>();
  for (const device of devices) {
    const buildingId = device.floor_id === null ? undefined : buildingOfFloor.get(device.floor_id);
    if (buildingId !== undefined) grouped.set(buildingId, [...(grouped.get(buildingId) ?? []), device]);
  }
  return grouped;
}

/** The marker's colour: red with any device in error, amber with any offline, green otherwise (gray without devices). */
export function markerTone(counts: StatusCounts): 'error' | 'offline' | 'online' | 'empty' {
  if (counts.total === 0) return 'empty';
  if (counts.error > 0) return 'error';
  if (counts.offline > 0) return 'offline';
  return 'online';
}

/** "3 online · 1 offline · 0 error", or "No devices placed". */
export function countsLabel(counts: StatusCounts): string {
  return counts.total === 0 ? 'No devices placed' : `${counts.online} online · ${counts.offline} offline · ${counts.error} error`;
}

/** Where the map starts: the south-west and north-east corners around `positions`, or null for none. */
export function boundsOf(positions: readonly LatLng[]): [LatLng, LatLng] | null {
  if (positions.length === 0) return null;
  const lats = positions.map((p) => p[0]);
  const lngs = positions.map((p) => p[1]);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}
