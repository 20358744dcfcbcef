import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Building, Device, Floor } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createBuilding, createFloor, organizationFiles, placeDevice, planRows, readPlan, uploadRealPlan } from './helpers/fixtures';
import { multipart, withHeaders } from './helpers/multipart';

const MAP = 'ilc20_site1_F2.png';

describe.each(databaseKinds)('buildings (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await build(kind);
  });
  afterAll(() => t?.close());

  const list = async (account: Account) =>
    (await t.app.inject({ method: 'GET', url: '/v1/buildings', headers: account.headers })).json<{ buildings: Building[] }>().buildings;

  async function createWithMap(account: Account, fields: Record<string, string | number> = { name: 'Mall' }) {
    const body = await multipart(fields, { map_image: { data: await readPlan(MAP), filename: 'map.png', contentType: 'image/png' } });
    return t.app.inject({ method: 'POST', url: '/v1/buildings', ...withHeaders(body, account.headers) });
  }

  it('creates, lists, reads, updates and deletes a building (JSON)', async () => {
    const account = await createAccount(t.app, 'Crud');
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/buildings',
      headers: account.headers,
      payload: { name: '  Head Office  ', address: '1 Main St', latitude: 48.8584, longitude: 2.2945 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const building = created.json<Building>();
    expect(building).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Head Office',
      address: '1 Main St',
      latitude: 48.8584,
      longitude: 2.2945,
      map_image_url: null,
      floor_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await list(account)).toEqual([building]);
    const read = await t.app.inject({ method: 'GET', url: `/v1/buildings/${building.id}`, headers: account.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(building);

    const patched = await t.app.inject({ method: 'PATCH', url: `/v1/buildings/${building.id}`, headers: account.headers, payload: { name: 'Main Office', address: null } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ id: building.id, name: 'Main Office', address: null, latitude: 48.8584, longitude: 2.2945 });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/v1/buildings/${building.id}`, headers: account.headers });
    expect(deleted.statusCode).toBe(204);
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/buildings/${building.id}`, headers: account.headers }), 404, 'Building not found');
    expectProblem(await t.app.inject({ method: 'DELETE', url: `/v1/buildings/${building.id}`, headers: account.headers }), 404);
    expect(await list(account)).toEqual([]);
  });

  it('creates a building from multipart with a map image and serves the image back with nosniff and CSP', async () => {
    const account = await createAccount(t.app, 'Map');
    const response = await createWithMap(account, { name: 'Mall', address: 'Site 1', latitude: '31.2304', longitude: '121.4737' });
    expect(response.statusCode, response.body).toBe(201);
    const building = response.json<Building>();
    expect(building).toMatchObject({ name: 'Mall', address: 'Site 1', latitude: 31.2304, longitude: 121.4737, map_image_url: `/v1/buildings/${building.id}/map-image` });

    const image = await t.app.inject({ method: 'GET', url: building.map_image_url ?? '', headers: account.headers });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
    expect(image.rawPayload.equals(await readPlan(MAP))).toBe(true);
    expect(await organizationFiles(t.dataDir, account.organizationId)).toHaveLength(1);
  });

  it('answers 404 for the map image of a building without one, and without a bearer header 401', async () => {
    const account = await createAccount(t.app, 'NoMap');
    const building = await createBuilding(t.app, account.headers);
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/buildings/${building.id}/map-image`, headers: account.headers }), 404);
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/buildings/${building.id}/map-image` }), 401);
  });

  it('replaces the map image on PATCH and deletes the old file', async () => {
    const account = await createAccount(t.app, 'Remap');
    const building = (await createWithMap(account)).json<Building>();
    const [oldFile] = await organizationFiles(t.dataDir, account.organizationId);
    const body = await multipart({ name: 'Mall West' }, { map_image: { data: await readPlan('ilc20_site1_F3.png'), filename: 'new.png' } });
    const response = await t.app.inject({ method: 'PATCH', url: `/v1/buildings/${building.id}`, ...withHeaders(body, account.headers) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Mall West' });
    const files = await organizationFiles(t.dataDir, account.organizationId);
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(oldFile);
    const image = await t.app.inject({ method: 'GET', url: `/v1/buildings/${building.id}/map-image`, headers: account.headers });
    expect(image.rawPayload.equals(await readPlan('ilc20_site1_F3.png'))).toBe(true);
  });

  describe('refuses a bad building, naming the field, and creates nothing', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['missing name', { address: 'Nowhere' }, 'name'],
      ['blank name', { name: '   ' }, 'name'],
      ['empty name', { name: '' }, 'name'],
      ['latitude above 90', { name: 'X', latitude: 90.5, longitude: 0 }, 'latitude'],
      ['latitude below -90', { name: 'X', latitude: -91, longitude: 0 }, 'latitude'],
      ['longitude above 180', { name: 'X', latitude: 0, longitude: 180.01 }, 'longitude'],
      ['longitude below -180', { name: 'X', latitude: 0, longitude: -200 }, 'longitude'],
      ['latitude that is not a number', { name: 'X', latitude: 'north', longitude: 0 }, 'latitude'],
      ['latitude without longitude', { name: 'X', latitude: 10 }, 'longitude'],
    ];

    it.each(cases)('JSON: %s', async (_label, payload, field) => {
      const account = await createAccount(t.app, 'Invalid');
      const response = await t.app.inject({ method: 'POST', url: '/v1/buildings', headers: account.headers, payload });
      expectFieldProblem(response, field);
      expect(await list(account)).toEqual([]);
    });

    it.each([
      ['blank name', { name: '  ' }, 'name'],
      ['empty name field (an untouched input)', { name: '' }, 'name'],
      ['latitude outside ±90', { name: 'X', latitude: '95', longitude: '0' }, 'latitude'],
      ['longitude outside ±180', { name: 'X', latitude: '0', longitude: '-180.5' }, 'longitude'],
    ] as [string, Record<string, string>, string][])('multipart with a map image: %s (and no file is kept)', async (_label, fields, field) => {
      const account = await createAccount(t.app, 'InvalidMultipart');
      expectFieldProblem(await createWithMap(account, fields), field);
      expect(await list(account)).toEqual([]);
      expect(await organizationFiles(t.dataDir, account.organizationId)).toEqual([]);
    });

    it('a map_image that is not an image (415) and a map_image sent as text (400)', async () => {
      const account = await createAccount(t.app, 'BadMap');
      const notImage = await multipart({ name: 'X' }, { map_image: { data: 'just text', filename: 'map.png', contentType: 'image/png' } });
      expectFieldProblem(await t.app.inject({ method: 'POST', url: '/v1/buildings', ...withHeaders(notImage, account.headers) }), 'map_image', 415);
      const textField = await multipart({ name: 'X', map_image: 'not a file' });
      expectFieldProblem(await t.app.inject({ method: 'POST', url: '/v1/buildings', ...withHeaders(textField, account.headers) }), 'map_image');
      expect(await list(account)).toEqual([]);
      expect(await organizationFiles(t.dataDir, account.organizationId)).toEqual([]);
    });

    it('PATCH with a blank name or a latitude out of range changes nothing', async () => {
      const account = await createAccount(t.app, 'BadPatch');
      const building = await createBuilding(t.app, account.headers, { name: 'Keep', latitude: 1, longitude: 2 });
      const url = `/v1/buildings/${building.id}`;
      expectFieldProblem(await t.app.inject({ method: 'PATCH', url, headers: account.headers, payload: { name: ' ' } }), 'name');
      expectFieldProblem(await t.app.inject({ method: 'PATCH', url, headers: account.headers, payload: { latitude: 120, longitude: 2 } }), 'latitude');
      expect((await t.app.inject({ method: 'GET', url, headers: account.headers })).json()).toEqual(building);
    });
  });

  it('a malformed building id is a 400 naming id; an unknown one is a 404', async () => {
    const account = await createAccount(t.app, 'Ids');
    expectFieldProblem(await t.app.inject({ method: 'GET', url: '/v1/buildings/not-a-uuid', headers: account.headers }), 'id');
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/buildings/${crypto.randomUUID()}`, headers: account.headers }), 404);
    expectProblem(await t.app.inject({ method: 'PATCH', url: `/v1/buildings/${crypto.randomUUID()}`, headers: account.headers, payload: { name: 'X' } }), 404);
  });

  it('counts floors and lists them under the building', async () => {
    const account = await createAccount(t.app, 'Count');
    const building = await createBuilding(t.app, account.headers);
    const upper = await createFloor(t.app, account.headers, building.id, { name: 'First', level: 1 });
    const ground = await createFloor(t.app, account.headers, building.id, { name: 'Ground', level: 0 });
    const read = await t.app.inject({ method: 'GET', url: `/v1/buildings/${building.id}`, headers: account.headers });
    expect(read.json<Building>().floor_count).toBe(2);
    const floors = await t.app.inject({ method: 'GET', url: `/v1/buildings/${building.id}/floors`, headers: account.headers });
    expect(floors.json<{ floors: Floor[] }>().floors.map((f) => f.id)).toEqual([ground.id, upper.id]);
  });

  it('deleting a building removes its floors, their plans, device positions and every file', async () => {
    const account = await createAccount(t.app, 'Demolish');
    const building = (await createWithMap(account)).json<Building>();
    const keep = await createBuilding(t.app, account.headers, { name: 'Keep' });
    const keptFloor = await createFloor(t.app, account.headers, keep.id);
    await uploadRealPlan(t.app, account.headers, keptFloor.id);
    const floors = [await createFloor(t.app, account.headers, building.id), await createFloor(t.app, account.headers, building.id, { name: 'Roof', level: 9 })];
    for (const floor of floors) await uploadRealPlan(t.app, account.headers, floor.id);
    await placeDevice(t.app, account.headers, floors[0]!.id, 'CAM-DEMOLISH');
    const buildingFolder = `buildings/${building.id}/`;
    expect((await organizationFiles(t.dataDir, account.organizationId)).filter((f) => f.startsWith(buildingFolder))).toHaveLength(3);

    expect((await t.app.inject({ method: 'DELETE', url: `/v1/buildings/${building.id}`, headers: account.headers })).statusCode).toBe(204);

    for (const floor of floors) {
      expectProblem(await t.app.inject({ method: 'GET', url: `/v1/floors/${floor.id}`, headers: account.headers }), 404);
      expect(await planRows(t.app, floor.id)).toEqual([]);
    }
    const device = await t.app.inject({ method: 'GET', url: '/v1/devices/CAM-DEMOLISH', headers: account.headers });
    expect(device.json<Device>().floor_id).toBeNull();
    const files = await organizationFiles(t.dataDir, account.organizationId);
    expect(files.filter((f) => f.startsWith(buildingFolder))).toEqual([]);
    expect(files.filter((f) => f.startsWith(`buildings/${keep.id}/`))).toHaveLength(1);
    expect(await planRows(t.app, keptFloor.id)).toHaveLength(1);
  });
});
