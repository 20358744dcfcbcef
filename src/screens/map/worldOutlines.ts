/**
 * The maps' offline base layer: Natural Earth country outlines at 1:110m (world-atlas,
 * public domain), TopoJSON turned into GeoJSON. Loaded on demand, once per page, so the
 * ~100 kB of outlines travel only with the map screens.
 */
import type { FeatureCollection, Geometry, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/**
 * A ring cut at the antimeridian holds points at both -180° and 180° (Russia, Fiji,
 * Antarctica in Natural Earth); drawn as is, it streaks across the whole map. Such a ring
 * (longitudes spanning more than 180°) gets its western points moved by +360°, so it is
 * drawn whole east of 180°, where Leaflet's world copies show it.
 */
export function unwrapRing(ring: readonly Position[]): Position[] {
  const longitudes = ring.map((p) => p[0]!);
  if (Math.max(...longitudes) - Math.min(...longitudes) <= 180) return ring.slice();
  return ring.map(([lon, lat, ...rest]) => [lon! < 0 ? lon! + 360 : lon!, lat!, ...rest]);
}

function unwrapGeometry(geometry: Geometry): Geometry {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(unwrapRing) };
  if (geometry.type === 'MultiPolygon') return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map(unwrapRing)) };
  return geometry;
}

let outlines: Promise<FeatureCollection<Geometry>> | undefined;

/** The world's countries as a GeoJSON FeatureCollection (longitude, latitude in degrees). */
export function loadWorldOutlines(): Promise<FeatureCollection<Geometry>> {
  outlines ??= import('world-atlas/countries-110m.json').then((module) => {
    const topology = module.default as unknown as Topology<{ countries: GeometryCollection }>;
    const countries = feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;
    return { ...countries, features: countries.features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })) };
  });
  // A failed load (say, a lost connection) is tried again by the next map, not cached.
  outlines.catch(() => {
    outlines = undefined;
  });
  return outlines;
}
