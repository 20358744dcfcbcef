import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { organizations } from '../../server/db/schema';
import type { VortexConnectorFactory, VortexDevice } from '../../server/vortex/connector';
import type { Problem } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectProblem } from './helpers/problems';
import { ListingConnector } from './helpers/vortex';
import { SMALL_PLAN, createBuilding, createFloor, organizationFiles, placeDevice, readPlan } from './helpers/fixtures';
import { multipart, withHeaders } from './helpers/multipart';

type LimitProblem = Problem & { limit?: string; allowed?: number; usage?: number };


const camera = (deviceId: string, status: VortexDevice['status'] = 'online'): VortexDevice => ({ deviceId, name: `Camera ${deviceId}`, type: 'CAMERA', status, mac: null });

/** Asserts the 409 limit problem: detail naming the limit and where to raise it, `limit` member. */
function expectLimit(response: LightMyRequestResponse, limit: string, allowed: number): LimitProblem {
  const problem = expectProblem(response, 409, `Your plan allows ${allowed} ${allowed === 1 ? limit.slice(0, -1) : limit}`) as LimitProblem;
  expect(problem.detail).toContain('Choose a larger plan in Settings → Organization to add more.');
  expect(problem.limit).toBe(limit);
  expect(problem.allowed).toBe(allowed);
  return problem;
}

describe.each(databaseKinds)('plan limits on every create and import (%s)', (kind) => {
  let t: TestApp;
  let listed: VortexDevice[] = [];
  const factory: VortexConnectorFactory = () => new ListingConnector(() => listed);

  beforeAll(async () => {
    t = await build(kind, {}, { vortexConnectorFactory: factory });
  });
  afterAll(() => t?.close());

  /** Gives the organization custom limits, as an operator may (the plan's own limits are tested through the plan). */
  const setLimits = (account: Account, limits: Partial<typeof organizations.$inferInsert>) =>
    t.app.db.update(organizations).set(limits).where(eq(organizations.id, account.organizationId));

  const postBuilding = (account: Account, name: string) => t.app.inject({ method: 'POST', url: '/v1/buildings', headers: account.headers, payload: { name } });
  const place = (account: Account, floorId: string, deviceId: string) =>
    t.app.inject({ method: 'POST', url: `/v1/floors/${floorId}/devices`, headers: account.headers, payload: { device_id: deviceId, device_name: deviceId, device_type: 'CAMERA', x_percent: 10, y_percent: 20 } });
  const bulkImport = (account: Account, floorId: string, ids: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/devices/bulk-import',
      headers: account.headers,
      payload: { floor_id: floorId, devices: ids.map((id) => ({ device_id: id, device_name: `Imported ${id}`, device_type: 'CAMERA' })) },
    });
  const usage = async (account: Account) =>
    (await t.app.inject({ method: 'GET', url: '/v1/organizations/limits', headers: account.headers })).json<{ usage: Record<string, number> }>().usage;

  describe('buildings', () => {
    it("refuses the starter plan's 11th building until a larger plan is chosen", async () => {
      const account = await createAccount(t.app, 'TenBuildings');
      for (let i = 0; i < 10; i += 1) expect((await postBuilding(account, `B${i}`)).statusCode).toBe(201);
      const refused = expectLimit(await postBuilding(account, 'B10'), 'buildings', 10);
      expect(refused.detail).toBe('Your plan allows 10 buildings. Choose a larger plan in Settings → Organization to add more.');
      expect(refused.usage).toBe(10);
      const upgrade = await t.app.inject({ method: 'POST', url: '/v1/organizations/subscription', headers: account.headers, payload: { plan: 'professional' } });
      expect(upgrade.statusCode, upgrade.body).toBe(200);
      expect((await postBuilding(account, 'B10')).statusCode).toBe(201);
    });

    it('leaves no map image behind when a multipart create is refused, and counts only its own organization', async () => {
      const account = await createAccount(t.app, 'MapLimit');
      const other = await createAccount(t.app, 'MapLimitOther');
      await setLimits(account, { maxBuildings: 1 });
      await createBuilding(t.app, other.headers);
      await createBuilding(t.app, other.headers, { name: 'Second' });
      await createBuilding(t.app, account.headers);
      const before = await organizationFiles(t.dataDir, account.organizationId);
      const body = await multipart({ name: 'Mapped' }, { map_image: { data: await readPlan(SMALL_PLAN), filename: 'map.png', contentType: 'image/png' } });
      expectLimit(await t.app.inject({ method: 'POST', url: '/v1/buildings', ...withHeaders(body, account.headers) }), 'buildings', 1);
      expect(await organizationFiles(t.dataDir, account.organizationId)).toEqual(before);
      expect(await usage(account)).toMatchObject({ buildings: 1 });
    });
  });

  describe('floors', () => {
    it('refuses a floor past the limit through both create routes, leaving no plan file behind', async () => {
      const account = await createAccount(t.app, 'FloorLimit');
      await setLimits(account, { maxFloors: 2 });
      const building = await createBuilding(t.app, account.headers);
      await createFloor(t.app, account.headers, building.id);
      const viaBuilding = await t.app.inject({ method: 'POST', url: `/v1/buildings/${building.id}/floors`, headers: account.headers, payload: { name: 'First', level: 1 } });
      expect(viaBuilding.statusCode, viaBuilding.body).toBe(201);

      expectLimit(await t.app.inject({ method: 'POST', url: '/v1/floors', headers: account.headers, payload: { name: 'Third', level: 2, building_id: building.id } }), 'floors', 2);
      expectLimit(await t.app.inject({ method: 'POST', url: `/v1/buildings/${building.id}/floors`, headers: account.headers, payload: { name: 'Third', level: 2 } }), 'floors', 2);
      const before = await organizationFiles(t.dataDir, account.organizationId);
      const body = await multipart({ name: 'Planned', level: 3, building_id: building.id }, { floor_plan: { data: await readPlan(SMALL_PLAN), filename: 'plan.png', contentType: 'image/png' } });
      expectLimit(await t.app.inject({ method: 'POST', url: '/v1/floors', ...withHeaders(body, account.headers) }), 'floors', 2);
      expect(await organizationFiles(t.dataDir, account.organizationId)).toEqual(before);
      expect(await usage(account)).toMatchObject({ floors: 2 });
    });

    it('answers an unknown building with 404 before any limit', async () => {
      const account = await createAccount(t.app, 'FloorNoBuilding');
      const other = await createAccount(t.app, 'FloorNoBuildingOther');
      await setLimits(account, { maxFloors: 0 });
      const theirs = await createBuilding(t.app, other.headers);
      expectProblem(await t.app.inject({ method: 'POST', url: '/v1/floors', headers: account.headers, payload: { name: 'X', level: 0, building_id: theirs.id } }), 404, 'Building not found');
    });
  });

  describe('devices', () => {
    it('placing an unknown device counts against the limit; placing or moving a known one does not', async () => {
      const account = await createAccount(t.app, 'PlaceLimit');
      await setLimits(account, { maxDevices: 1 });
      const building = await createBuilding(t.app, account.headers);
      const ground = await createFloor(t.app, account.headers, building.id);
      const first = await createFloor(t.app, account.headers, building.id, { name: 'First', level: 1 });
      await placeDevice(t.app, account.headers, ground.id, 'known-1');
      const refused = expectLimit(await place(account, ground.id, 'new-2'), 'devices', 1);
      expect(refused.detail).toBe('Your plan allows 1 device. Choose a larger plan in Settings → Organization to add more.');
      expect((await place(account, first.id, 'known-1')).statusCode).toBe(201);
      expect(await usage(account)).toMatchObject({ devices: 1 });
      const positions = await t.app.inject({ method: 'GET', url: `/v1/floors/${ground.id}/devices`, headers: account.headers });
      expect(positions.json()).toEqual({ device_positions: [] });
    });

    it('bulk import is all or nothing at the limit; known devices add nothing', async () => {
      const account = await createAccount(t.app, 'ImportLimit');
      await setLimits(account, { maxDevices: 3 });
      const floor = await createFloor(t.app, account.headers, (await createBuilding(t.app, account.headers)).id);
      expect((await bulkImport(account, floor.id, ['imp-1', 'imp-2'])).statusCode).toBe(200);

      const refused = expectLimit(await bulkImport(account, floor.id, ['imp-1', 'imp-3', 'imp-4']), 'devices', 3);
      expect(refused.detail).toBe('Your plan allows 3 devices; you have 2 and this would add 2. Choose a larger plan in Settings → Organization to add more.');
      expect(refused.usage).toBe(2);
      expect(await usage(account)).toMatchObject({ devices: 2 });
      expectProblem(await t.app.inject({ method: 'GET', url: '/v1/devices/imp-3', headers: account.headers }), 404);

      const fits = await bulkImport(account, floor.id, ['imp-1', 'imp-2', 'imp-3']);
      expect(fits.statusCode, fits.body).toBe(200);
      expect(fits.json()).toMatchObject({ created: 1, updated: 2 });
      expect((await bulkImport(account, floor.id, ['imp-3', 'imp-1'])).statusCode).toBe(200);
    });

    it('VORTEX sync adds new devices up to the limit in its order, skips and reports the rest, and still refreshes known ones', async () => {
      const account = await createAccount(t.app, 'SyncLimit');
      await setLimits(account, { maxDevices: 3 });
      const floor = await createFloor(t.app, account.headers, (await createBuilding(t.app, account.headers)).id);
      await placeDevice(t.app, account.headers, floor.id, 'sync-known');
      const saved = await t.app.inject({ method: 'POST', url: '/v1/vortex/credentials', headers: account.headers, payload: { base_url: 'https://vortex.example.test/', api_key: 'key-1' } });
      expect(saved.statusCode, saved.body).toBe(200);
      listed = [camera('sync-new-1'), camera('sync-known', 'error'), camera('sync-new-2'), camera('sync-new-3'), camera('sync-new-4', 'offline')];

      const response = await t.app.inject({ method: 'POST', url: '/v1/vortex/sync', headers: account.headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        created: 2,
        updated: 1,
        marked_offline: 0,
        total: 5,
        skipped: 2,
        skipped_device_ids: ['sync-new-3', 'sync-new-4'],
        limit_detail: '2 devices VORTEX lists were not added: your plan allows 3 devices. Choose a larger plan in Settings → Organization to add them.',
        last_sync_at: expect.any(String),
      });
      const devices = (await t.app.inject({ method: 'GET', url: '/v1/devices', headers: account.headers })).json<{ devices: { device_id: string; status: string }[] }>().devices;
      expect(devices.map((d) => [d.device_id, d.status])).toEqual([
        ['sync-known', 'error'],
        ['sync-new-1', 'online'],
        ['sync-new-2', 'online'],
      ]);

      await setLimits(account, { maxDevices: 10 });
      const again = await t.app.inject({ method: 'POST', url: '/v1/vortex/sync', headers: account.headers });
      expect(again.json()).toMatchObject({ created: 2, updated: 3, skipped: 0, skipped_device_ids: [], limit_detail: null });
    });
  });

  describe('concurrent creates never pass the limit', () => {
    const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

    it('buildings', async () => {
      const account = await createAccount(t.app, 'RaceBuildings');
      await setLimits(account, { maxBuildings: 3 });
      const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => postBuilding(account, `R${i}`)));
      expect(statuses(responses)).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
      expect(await usage(account)).toMatchObject({ buildings: 3 });
    });

    it('floors through both routes', async () => {
      const account = await createAccount(t.app, 'RaceFloors');
      await setLimits(account, { maxFloors: 2 });
      const building = await createBuilding(t.app, account.headers);
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          i % 2 === 0
            ? t.app.inject({ method: 'POST', url: '/v1/floors', headers: account.headers, payload: { name: `F${i}`, level: i, building_id: building.id } })
            : t.app.inject({ method: 'POST', url: `/v1/buildings/${building.id}/floors`, headers: account.headers, payload: { name: `F${i}`, level: i } }),
        ),
      );
      expect(statuses(responses)).toEqual([201, 201, 409, 409, 409, 409]);
      expect(await usage(account)).toMatchObject({ floors: 2 });
    });

    it('devices through placements, imports and a sync at once', async () => {
      const account = await createAccount(t.app, 'RaceDevices');
      await setLimits(account, { maxDevices: 4 });
      const floor = await createFloor(t.app, account.headers, (await createBuilding(t.app, account.headers)).id);
      await t.app.inject({ method: 'POST', url: '/v1/vortex/credentials', headers: account.headers, payload: { base_url: 'https://vortex.example.test/', api_key: 'key-2' } });
      listed = [camera('race-sync-1'), camera('race-sync-2')];
      const responses = await Promise.all([
        ...Array.from({ length: 5 }, (_, i) => place(account, floor.id, `race-place-${i}`)),
        bulkImport(account, floor.id, ['race-imp-1', 'race-imp-2']),
        bulkImport(account, floor.id, ['race-imp-3']),
        t.app.inject({ method: 'POST', url: '/v1/vortex/sync', headers: account.headers }),
      ]);
      for (const r of responses) expect([200, 201, 409], r.body).toContain(r.statusCode);
      expect(await usage(account)).toMatchObject({ devices: 4 });
      const sync = responses.at(-1)?.json<{ created: number; skipped: number }>();
      expect((sync?.created ?? 0) + (sync?.skipped ?? 0)).toBe(2);
    });
  });
});
