import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from './helpers/build';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../../server/demo/seed';

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build('pglite');
  }, 120_000);
  afterAll(() => t.close());

  it('seeds the demo organization once, with drawn plans and about twenty cameras of mixed status', async () => {
    expect(await seedDemo(t.app)).toBe(true);
    expect(await seedDemo(t.app)).toBe(false);

    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const session = login.json<{ access_token: string; organization: { name: string } }>();
    expect(session.organization.name).toBe('Demo Organization');
    const headers = { authorization: `Bearer ${session.access_token}` };

    const { buildings } = (await t.app.inject({ url: '/v1/buildings', headers })).json<{ buildings: { id: string; address: string; latitude: number; longitude: number; floor_count: number }[] }>();
    expect(buildings).toHaveLength(2);
    for (const b of buildings) {
      expect(b.address.length).toBeGreaterThan(10);
      expect(Math.abs(b.latitude)).toBeGreaterThan(0);
    }
    expect(buildings.reduce((n, b) => n + b.floor_count, 0)).toBeGreaterThanOrEqual(3);

    for (const b of buildings) {
      const { floors } = (await t.app.inject({ url: `/v1/buildings/${b.id}/floors`, headers })).json<{ floors: { floor_plan_url: string; floor_plan_width: number }[] }>();
      for (const floor of floors) {
        const image = await t.app.inject({ url: floor.floor_plan_url, headers });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/png');
        expect(floor.floor_plan_width).toBeGreaterThan(1000);
      }
    }

    const { devices } = (await t.app.inject({ url: '/v1/devices', headers })).json<{ devices: { device_type: string; status: string; floor_id: string | null }[] }>();
    expect(devices.length).toBeGreaterThanOrEqual(18);
    expect(new Set(devices.map((d) => d.device_type))).toEqual(new Set(['CAMERA', 'NVR_CAMERA']));
    expect(new Set(devices.map((d) => d.status))).toEqual(new Set(['online', 'offline', 'error']));
    const placed = devices.filter((d) => d.floor_id !== null).length;
    expect(placed).toBeGreaterThan(devices.length / 2);
    expect(placed).toBeLessThan(devices.length);
  });
});
