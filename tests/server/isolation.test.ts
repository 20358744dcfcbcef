import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Building, Device, Floor, FloorPlanFile } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectProblem } from './helpers/problems';
import { createBuilding, createFloor, filesUnder, placeDevice, readPlan, uploadRealPlan } from './helpers/fixtures';
import { multipart } from './helpers/multipart';

const DEVICE = '00:02:D1:11:22:33';

/** What the owner organization holds; the intruder knows every id and name. */
interface Owned {
  building: Building;
  floor: Floor;
  plan: FloorPlanFile;
}

type Attempt = [label: string, request: (owned: Owned) => Promise<InjectOptions> | InjectOptions];

const json = (method: InjectOptions['method'], url: string, payload?: Record<string, unknown>): InjectOptions => ({ method, url, ...(payload ? { payload } : {}) });
async function upload(method: InjectOptions['method'], url: string, field: string): Promise<InjectOptions> {
  const body = await multipart({ name: 'Hijack' }, { [field]: { data: await readPlan('ilc20_site1_F1.png'), filename: 'x.png', contentType: 'image/png' } });
  return { method, url, payload: body.payload, headers: body.headers };
}

/** Every call another organization could make on the owner's rows; each must be a 404, never a 403. */
const ATTEMPTS: Attempt[] = [
  ['GET building', (o) => json('GET', `/v1/buildings/${o.building.id}`)],
  ['PATCH building', (o) => json('PATCH', `/v1/buildings/${o.building.id}`, { name: 'Hijacked' })],
  ['PATCH building with a map image', (o) => upload('PATCH', `/v1/buildings/${o.building.id}`, 'map_image')],
  ['DELETE building', (o) => json('DELETE', `/v1/buildings/${o.building.id}`)],
  ['GET building map image', (o) => json('GET', `/v1/buildings/${o.building.id}/map-image`)],
  ["GET building's floors", (o) => json('GET', `/v1/buildings/${o.building.id}/floors`)],
  ['POST a floor into the building', (o) => json('POST', `/v1/buildings/${o.building.id}/floors`, { name: 'Mine', level: 5 })],
  ['POST /floors with its building_id', (o) => json('POST', '/v1/floors', { name: 'Mine', level: 5, building_id: o.building.id })],
  ['GET floor', (o) => json('GET', `/v1/floors/${o.floor.id}`)],
  ['PATCH floor', (o) => json('PATCH', `/v1/floors/${o.floor.id}`, { name: 'Hijacked' })],
  ['DELETE floor', (o) => json('DELETE', `/v1/floors/${o.floor.id}`)],
  ['GET plan-image', (o) => json('GET', `/v1/floors/${o.floor.id}/plan-image`)],
  ['POST plan-image', (o) => upload('POST', `/v1/floors/${o.floor.id}/plan-image`, 'floor_plan')],
  ['DELETE plan-image', (o) => json('DELETE', `/v1/floors/${o.floor.id}/plan-image`)],
  ['GET floor-plans', (o) => json('GET', `/v1/floors/${o.floor.id}/floor-plans`)],
  ['POST floor-plans', (o) => upload('POST', `/v1/floors/${o.floor.id}/floor-plans`, 'floor_plan')],
  ['DELETE floor-plans?filename', (o) => json('DELETE', `/v1/floors/${o.floor.id}/floor-plans?filename=${o.plan.file_name}`)],
  ['GET floor-plans/{filename}', (o) => json('GET', o.plan.url)],
  ['GET floor-plans/{filename}?signed_url=true', (o) => json('GET', `${o.plan.url}?signed_url=true`)],
  ["GET floor's device positions", (o) => json('GET', `/v1/floors/${o.floor.id}/devices`)],
  ['POST a device onto the floor', (o) => json('POST', `/v1/floors/${o.floor.id}/devices`, { device_id: 'SPY', device_name: 'Spy', device_type: 'CAMERA', x_percent: 1, y_percent: 1 })],
  ['PATCH a device position', (o) => json('PATCH', `/v1/floors/${o.floor.id}/devices/${encodeURIComponent(DEVICE)}/position`, { x_percent: 99, y_percent: 99 })],
  ['DELETE a device from the floor', (o) => json('DELETE', `/v1/floors/${o.floor.id}/devices/${encodeURIComponent(DEVICE)}`)],
  ['DELETE every device from the floor', (o) => json('DELETE', `/v1/floors/${o.floor.id}/devices`)],
  ['GET device', () => json('GET', `/v1/devices/${encodeURIComponent(DEVICE)}`)],
  ['bulk-import onto the floor', (o) => json('POST', '/v1/devices/bulk-import', { floor_id: o.floor.id, devices: [{ device_id: DEVICE, device_name: 'Mine', device_type: 'CAMERA' }] })],
];

describe.each(databaseKinds)('organization isolation (%s)', (kind) => {
  let t: TestApp;
  let owner: Account;
  let intruder: Account;
  let owned: Owned;
  let before: { snapshot: unknown; files: string[] };

  beforeAll(async () => {
    t = await build(kind);
    owner = await createAccount(t.app, 'Owner');
    intruder = await createAccount(t.app, 'Intruder');
    const body = await multipart({ name: 'Owner HQ', latitude: '52.37', longitude: '4.89' }, { map_image: { data: await readPlan('ilc20_site1_B1.png'), filename: 'map.png' } });
    const created = await t.app.inject({ method: 'POST', url: '/v1/buildings', payload: body.payload, headers: { ...owner.headers, ...body.headers } });
    const building = created.json<Building>();
    const floor = await createFloor(t.app, owner.headers, building.id, { name: 'Owner floor', level: 2 });
    const plan = await uploadRealPlan(t.app, owner.headers, floor.id);
    await placeDevice(t.app, owner.headers, floor.id, DEVICE, { x_percent: 33, y_percent: 66 });
    owned = { building, floor, plan };
    // The intruder has rows of its own, so a leak would have somewhere to go.
    const theirs = await createBuilding(t.app, intruder.headers, { name: 'Intruder HQ' });
    await createFloor(t.app, intruder.headers, theirs.id);
    before = { snapshot: await ownerSnapshot(), files: await filesUnder(path.join(t.dataDir, 'files', 'orgs', owner.organizationId)) };
  });
  afterAll(() => t?.close());

  /** Everything the owner can read about its rows, including the plan and map bytes. */
  async function ownerSnapshot() {
    const get = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      return response.headers['content-type']?.toString().startsWith('application/json') ? response.json<unknown>() : response.rawPayload.toString('base64');
    };
    return {
      buildings: await get('/v1/buildings'),
      floors: await get(`/v1/buildings/${owned.building.id}/floors`),
      floor: await get(`/v1/floors/${owned.floor.id}`),
      plans: await get(`/v1/floors/${owned.floor.id}/floor-plans`),
      planBytes: await get(owned.plan.url),
      mapBytes: await get(`/v1/buildings/${owned.building.id}/map-image`),
      positions: await get(`/v1/floors/${owned.floor.id}/devices`),
      devices: await get('/v1/devices'),
    };
  }

  it.each(ATTEMPTS)('%s is a 404 for another organization', async (_label, request) => {
    const options = await request(owned);
    const response = await t.app.inject({ ...options, headers: { ...intruder.headers, ...(options.headers as Record<string, string> | undefined) } });
    expectProblem(response, 404);
  });

  it("the intruder's own lists show none of the owner's rows", async () => {
    const buildings = (await t.app.inject({ method: 'GET', url: '/v1/buildings', headers: intruder.headers })).json<{ buildings: Building[] }>().buildings;
    expect(buildings.map((b) => b.name)).toEqual(['Intruder HQ']);
    const devices = (await t.app.inject({ method: 'GET', url: '/v1/devices', headers: intruder.headers })).json<{ devices: Device[] }>().devices;
    expect(devices).toEqual([]);
  });

  it('the same VORTEX device id in another organization is another device', async () => {
    const theirs = await createBuilding(t.app, intruder.headers, { name: 'Intruder Annex' });
    const floor = await createFloor(t.app, intruder.headers, theirs.id);
    await placeDevice(t.app, intruder.headers, floor.id, DEVICE, { x_percent: 1, y_percent: 2 });
    const mine = (await t.app.inject({ method: 'GET', url: `/v1/devices/${encodeURIComponent(DEVICE)}`, headers: intruder.headers })).json<Device>();
    expect(mine.floor_id).toBe(floor.id);
  });

  it("the owner's data and files are unchanged after every attempt", async () => {
    expect(await ownerSnapshot()).toEqual(before.snapshot);
    expect(await filesUnder(path.join(t.dataDir, 'files', 'orgs', owner.organizationId))).toEqual(before.files);
    expect(await filesUnder(path.join(t.dataDir, 'files', 'orgs', intruder.organizationId))).toEqual([]);
    const device = (await t.app.inject({ method: 'GET', url: `/v1/devices/${encodeURIComponent(DEVICE)}`, headers: owner.headers })).json<Device>();
    expect(device).toMatchObject({ floor_id: owned.floor.id, device_name: `Camera ${DEVICE}` });
  });
});
