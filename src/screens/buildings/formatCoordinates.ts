import type { Building } from '../../api/types';

/** "37.7936°, -122.3958°", or null when either coordinate is missing. */
export function formatCoordinates(building: Pick<Building, 'latitude' | 'longitude'>): string | null {
  if (building.latitude === null || building.longitude === null) return null;
  return `${building.latitude.toFixed(4)}°, ${building.longitude.toFixed(4)}°`;
}
