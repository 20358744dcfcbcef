import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Tells Leaflet when its container changes size (the page's layout settling, the sidebar
 * opening, the window resizing): Leaflet measures only at start, and would otherwise clip
 * its vector layers (markers, outlines) to the old size.
 */
export function FollowContainerSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => map.invalidateSize({ pan: false }));
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}
