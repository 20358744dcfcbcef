import type { QueryClient } from '@tanstack/react-query';
import { devicesQueryOptions } from '../../api/devices';
import { floorDevicesQueryOptions } from '../../api/floorDevices';
import { floorQueryOptions } from '../../api/floors';

/**
 * The queries of the floor screen's first render: the floor, its placed devices and all
 * devices (the palette), the same queries its atoms read. Run by `preloadRoute` (its own
 * small module, not the screen's 118 KB chunk) as soon as the session is checked, so the
 * two large lists (a floor with thousands of devices) wait neither for the screen's chunk
 * nor for its render (issue 5 "Weight of the pages").
 * @param params the route's params (`/floors/:floorId`)
 */
export function prefetchFloor(client: QueryClient, params: Readonly<Record<string, string>>): void {
  const floorId = params.floorId;
  if (!floorId) return;
  void client.prefetchQuery(floorQueryOptions(floorId));
  void client.prefetchQuery(floorDevicesQueryOptions(floorId));
  void client.prefetchQuery(devicesQueryOptions());
}
