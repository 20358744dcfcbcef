import { CircleMarker, Tooltip } from 'react-leaflet';
import { useLocation } from 'wouter';
import { deviceMetrics } from '../../api/devices';
import type { Building, Device } from '../../api/types';
import { buildingPosition, countsLabel, markerTone } from './buildingPlaces';

/**
 * One marker per building that has coordinates, coloured by its devices' status when
 * `devices` is given (else in the accent colour); hovering shows the name and counts (or the address), clicking opens
 * the building. Leaflet draws these in SVG, so the screens also list the buildings as links.
 */
export function BuildingMarkers({
  buildings,
  devices,
}: {
  buildings: readonly Building[];
  /** Building id → the devices placed in it. */
  devices?: ReadonlyMap<string, readonly Device[]>;
}) {
  const [, navigate] = useLocation();
  return buildings.map((building) => {
    const position = buildingPosition(building);
    if (!position) return null;
    const counts = deviceMetrics(devices?.get(building.id) ?? []);
    const tone = devices ? markerTone(counts) : 'plain';
    return (
      <CircleMarker
        // Leaflet sets a path's class only when it is created, so a new tone makes a new marker.
        key={`${building.id}-${tone}`}
        center={[position[0], position[1]]}
        radius={10}
        className={`fw-map-marker fw-map-marker-${tone}`}
        eventHandlers={{ click: () => navigate(`/buildings/${encodeURIComponent(building.id)}`) }}
      >
        <Tooltip direction="top" offset={[0, -8]}>
          <strong>{building.name}</strong>
          <br />
          {devices ? countsLabel(counts) : (building.address ?? '')}
        </Tooltip>
      </CircleMarker>
    );
  });
}
