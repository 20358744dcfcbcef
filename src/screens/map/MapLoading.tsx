import { Skeleton } from '@radix-ui/themes';

/** The map's place while Leaflet and the outlines load. */
export function MapLoading() {
  return <Skeleton className="fw-map-placeholder" height="min(62vh, 560px)" width="100%" aria-label="Loading map" />;
}
