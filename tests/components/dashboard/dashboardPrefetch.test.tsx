// The first screen of a visit starts early (issue 5 "Weight of the pages"): its chunk
// loads during the session check and, once signed in, the dashboard's first queries start
// before it renders; signed out, none is sent.
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createQueryClient } from '../../../src/atoms/queryClient';
import { deviceMetricsQueryOptions } from '../../../src/api/analytics';
import { matchesRoute, preloadRoute } from '../../../src/router/preloadRoute';
import { fakeApi } from '../entities/harness';

const metrics = { total: 7, online: 4, offline: 2, error: 1, onlinePercentage: 57, offlinePercentage: 29, unresolvedAlerts: 3 };

function api() {
  return fakeApi()
    .on('GET', '/v1/analytics/device-metrics', metrics)
    .on('GET', '/v1/analytics/chart-data', { range: '24h', bucket: 'hour', series: [], buckets: [], totals: {} })
    .on('GET', '/v1/buildings', { buildings: [] });
}

describe('preloadRoute', () => {
  it('matches paths against the route patterns', () => {
    expect(matchesRoute('/dashboard', '/dashboard')).toBe(true);
    expect(matchesRoute('/dashboard', '/dashboard/')).toBe(true);
    expect(matchesRoute('/floors/:floorId', '/floors/f-1')).toBe(true);
    expect(matchesRoute('/floors/:floorId', '/floors/')).toBe(false);
    expect(matchesRoute('/buildings/:buildingId', '/buildings/b1/map')).toBe(false);
    expect(matchesRoute('/buildings/:buildingId/map', '/buildings/b1/map')).toBe(true);
    expect(matchesRoute('/dashboard', '/')).toBe(false);
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
});
