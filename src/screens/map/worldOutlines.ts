/**
 * The maps' offline base layer: Natural Earth country outlines at 1:110m (world-atlas,
 * public domain), TopoJSON turned into GeoJSON. Loaded on demand, once per page, so the
 * ~100 kB of outlines travel only with the map screens.
 */
import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

let outlines: Promise<FeatureCollection<Geometry>> | undefined;

/** The world's countries as a GeoJSON FeatureCollection (longitude, latitude in degrees). */
export function loadWorldOutlines(): Promise<FeatureCollection<Geometry>> {
  outlines ??= import('world-atlas/countries-110m.json').then((module) => {
    const topology = module.default as unknown as Topology<{ countries: GeometryCollection }>;
    return feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;
  });
  // A failed load (say, a lost connection) is tried again by the next map, not cached.
  outlines.catch(() => {
    outlines = undefined;
  });
  return outlines;
}
