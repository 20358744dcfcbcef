// The first screen of a visit starts early (issue 5 "Weight of the pages"): its chunk
// loads during the session check and, once signed in, its first queries (the dashboard's,
// a floor's) start before it renders; signed out, none is sent.
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createQueryClient } from '../../src/atoms/queryClient';
import { deviceMetricsQueryOptions } from '../../src/api/analytics';
import { floorDevicesQueryOptions } from '../../src/api/floorDevices';
import { preloadRoute, routeParams } from '../../src/router/preloadRoute';
import { fakeApi } from './entities/harness';

const metrics = { total: 7, online: 4, offline: 2, error: 1, onlinePercentage: 57, offlinePercentage: 29, unresolvedAlerts: 3 };

function api() {
  return fakeApi()
    .on('GET', '/v1/analytics/device-metrics', metrics)
    .on('GET', '/v1/analytics/chart-data', { range: '24h', bucket: 'hour', series: [], buckets: [], totals: {} })
    .on('GET', '/v1/buildings', { buildings: [] });
}

describe('preloadRoute', () => {
  it('reads the params of a path under the route patterns, or none when it does not match', () => {
    expect(routeParams('/dashboard', '/dashboard')).toEqual({});
    expect(routeParams('/dashboard', '/dashboard/')).toEqual({});
    expect(routeParams('/floors/:floorId', '/floors/f-1')).toEqual({ floorId: 'f-1' });
    expect(routeParams('/floors/:floorId', '/floors/')).toBeNull();
    expect(routeParams('/buildings/:buildingId', '/buildings/b1/map')).toBeNull();
    expect(routeParams('/buildings/:buildingId/map', '/buildings/b1/map')).toEqual({ buildingId: 'b1' });
    expect(routeParams('/dashboard', '/')).toBeNull();
  });

  it("starts the dashboard's queries once signed in, before the screen renders", async () => {
    const calls = api().calls;
    const client = createQueryClient();
    preloadRoute('/dashboard', Promise.resolve(true), client);
    await waitFor(() => expect(client.getQueryData(deviceMetricsQueryOptions().queryKey)).toEqual(expect.objectContaining({ total: 7 })), { timeout: 10_000 });
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/v1/analytics/device-metrics', '/v1/analytics/chart-data', '/v1/buildings']));
    expect(calls.find((c) => c.path === '/v1/analytics/chart-data')?.query?.get('range')).toBe('24h');
  });

  it('sends nothing when the session check finds no session', async () => {
    const calls = api().calls;
    const client = createQueryClient();
    await preloadRoute('/dashboard', Promise.resolve(false), client);
    expect(calls).toEqual([]);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it("starts a floor's queries with the floor id of the path", async () => {
    const calls = fakeApi()
      .on('GET', '/v1/floors/f-9', { id: 'f-9', building_id: 'b1', name: 'Ground', level: 0, device_count: 1 })
      .on('GET', '/v1/floors/f-9/devices', { devices: [{ device_id: 'cam-1', x_percent: 10, y_percent: 20 }] })
      .on('GET', '/v1/devices', { devices: [] }).calls;
    const client = createQueryClient();
    await preloadRoute('/floors/f-9', Promise.resolve(true), client);
    await waitFor(() => expect(client.getQueryData(floorDevicesQueryOptions('f-9').queryKey)).toHaveLength(1), { timeout: 10_000 });
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/v1/floors/f-9', '/v1/floors/f-9/devices', '/v1/devices']));
  });
});
