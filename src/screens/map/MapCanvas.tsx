import { useEffect, useState } from 'react';
import type { FeatureCollection, Geometry } from 'geojson';
import { GeoJSON, MapContainer, Pane, TileLayer } from 'react-leaflet';
import { useAtomValue } from 'jotai';
import 'leaflet/dist/leaflet.css';
import './map.css';
import { clientConfigAtom } from '../../atoms/clientConfig.atoms';
import { logger } from '../../lib/logger';
import type { Building, Device } from '../../api/types';
import { BuildingMarkers } from './BuildingMarkers';
import { FollowContainerSize } from './FollowContainerSize';
import type { LatLng } from './buildingPlaces';
import { MapLoading } from './MapLoading';
import { loadWorldOutlines } from './worldOutlines';

const COUNTRY_STYLE = { className: 'fw-map-country', interactive: false } as const;

/**
 * Where the map looks first: a box to fit, or one place (street level with a tile server,
 * a region with the outlines alone, which say little closer).
 */
export type MapView = { bounds: readonly [LatLng, LatLng] } | { center: LatLng };

/**
 * A Leaflet map whose base layer works offline: Natural Earth country outlines, with the
 * configured tile server (`MAP_TILE_URL`, from `GET /v1/client-config`) under them when
 * there is one, and the buildings' markers. The default export, so the screens load it
 * (and Leaflet with its CSS) lazily: nothing else imports react-leaflet.
 *
 * @param view initial view; later changes are not followed (the user may have moved the map).
 * @param label accessible name of the map region.
 * @param buildings the buildings to mark (those without coordinates are skipped).
 * @param devices building id → its placed devices, to colour the markers; without it, the tooltips show addresses.
 */
export default function MapCanvas({
  view,
  label,
  buildings,
  devices,
}: {
  view: MapView;
  label: string;
  buildings: readonly Building[];
  devices?: ReadonlyMap<string, readonly Device[]>;
}) {
  const config = useAtomValue(clientConfigAtom);
  const [outlines, setOutlines] = useState<FeatureCollection<Geometry> | null>(null);
  const tiles = config.data?.mapTileUrl ?? null;

  useEffect(() => {
    let live = true;
    loadWorldOutlines().then(
      (collection) => live && setOutlines(collection),
      (error: unknown) => logger.error('Failed to load the country outlines', error),
    );
    return () => {
      live = false;
    };
  }, []);

  const point = (p: LatLng): [number, number] => [p[0], p[1]];
  const placement =
    'bounds' in view
      ? { bounds: [point(view.bounds[0]), point(view.bounds[1])] as [[number, number], [number, number]], boundsOptions: { padding: [48, 48] as [number, number], maxZoom: tiles ? 15 : 6 } }
      : { center: point(view.center), zoom: tiles ? 16 : 6 };

  // The view depends on whether tiles are configured, and Leaflet takes it only once.
  if (config.isPending) return <MapLoading />;

  return (
    <section aria-label={label}>
      <MapContainer
        {...placement}
        className={tiles ? 'fw-map fw-map-tiled' : 'fw-map'}
        minZoom={1}
        maxZoom={tiles ? 19 : 10}
        worldCopyJump
        scrollWheelZoom
        attributionControl
      >
        {tiles && <TileLayer url={tiles} attribution={config.data?.mapTileAttribution ?? ''} />}
        {/* Under the overlay pane (z-index 400) the markers are drawn in, whatever loads first. */}
        <Pane name="outlines" style={{ zIndex: 350 }}>
          {outlines && <GeoJSON data={outlines} style={COUNTRY_STYLE} attribution="Natural Earth" />}
        </Pane>
        <BuildingMarkers buildings={buildings} devices={devices} />
        <FollowContainerSize />
      </MapContainer>
    </section>
  );
}
