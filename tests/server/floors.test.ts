import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Building, Device, Floor } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createBuilding, createFloor, organizationFiles, placeDevice, planRows, pngSize, readPlan, uploadRealPlan } from './helpers/fixtures';
import { multipart, withHeaders } from './helpers/multipart';

const PLAN = 'ilc20_site1_B1.png';

describe.each(databaseKinds)('floors (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let building: Building;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Floors');
    // The refused-floor cases make a building each: more than the starter plan's 10.
    const plan = await t.app.inject({ method: 'POST', url: '/v1/organizations/subscription', headers: account.headers, payload: { plan: 'professional' } });
    expect(plan.statusCode, plan.body).toBe(200);
    building = await createBuilding(t.app, account.headers, { name: 'Tower' });
  });
  afterAll(() => t?.close());

  const floorsOf = async (buildingId: string, who: Account = account) =>
    (await t.app.inject({ method: 'GET', url: `/v1/buildings/${buildingId}/floors`, headers: who.headers })).json<{ floors: Floor[] }>().floors;

  async function postMultipart(url: string, fields: Record<string, string | number>, plan?: Buffer | string) {
    const body = await multipart(fields, plan === undefined ? {} : { floor_plan: { data: plan, filename: 'plan.png', contentType: 'image/png' } });
    return t.app.inject({ method: 'POST', url, ...withHeaders(body, account.headers) });
  }

  it('creates a floor with POST /v1/floors (JSON)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/floors', headers: account.headers, payload: { name: ' Basement ', level: -1, building_id: building.id } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Floor>()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      building_id: building.id,
      name: 'Basement',
      level: -1,
      floor_plan_url: null,
      floor_plan_filename: null,
      floor_plan_width: null,
      floor_plan_height: null,
      floor_plan_display_url: null,
      floor_plan_display_width: null,
      floor_plan_display_height: null,
      device_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('creates a floor with POST /v1/floors (multipart with floor_plan) and records the plan', async () => {
    const data = await readPlan(PLAN);
    const response = await postMultipart('/v1/floors', { name: 'Level 2', level: '2', building_id: building.id }, data);
    expect(response.statusCode, response.body).toBe(201);
    const floor = response.json<Floor>();
    expect(floor).toMatchObject({ name: 'Level 2', level: 2, building_id: building.id, floor_plan_width: pngSize(data).width, floor_plan_height: pngSize(data).height });
    expect(floor.floor_plan_filename).toMatch(/^plan-[0-9a-f]{10}\.png$/);
    expect(floor.floor_plan_url).toBe(`/v1/floors/${floor.id}/floor-plans/${floor.floor_plan_filename}`);
    const image = await t.app.inject({ method: 'GET', url: floor.floor_plan_url ?? '', headers: account.headers });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(data)).toBe(true);
  });

  it('creates floors with POST /v1/buildings/{id}/floors (JSON and multipart)', async () => {
    const target = await createBuilding(t.app, account.headers, { name: 'Annex' });
    const json = await t.app.inject({ method: 'POST', url: `/v1/buildings/${target.id}/floors`, headers: account.headers, payload: { name: 'Ground', level: 0 } });
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json()).toMatchObject({ building_id: target.id, name: 'Ground', level: 0, floor_plan_url: null });
    const form = await postMultipart(`/v1/buildings/${target.id}/floors`, { name: 'Roof', level: '7' }, await readPlan(PLAN));
    expect(form.statusCode, form.body).toBe(201);
    expect(form.json()).toMatchObject({ building_id: target.id, name: 'Roof', level: 7, floor_plan_url: expect.stringContaining('/floor-plans/plan-') });
    expect((await floorsOf(target.id)).map((f) => f.name)).toEqual(['Ground', 'Roof']);
  });

  describe('refuses a bad floor, naming the field, and creates nothing', () => {
    const json: [string, Record<string, unknown>, string][] = [
      ['missing name', { level: 1 }, 'name'],
      ['blank name', { name: '  ', level: 1 }, 'name'],
      ['missing level', { name: 'F' }, 'level'],
      ['level "2.5"', { name: 'F', level: '2.5' }, 'level'],
      ['level 2.5', { name: 'F', level: 2.5 }, 'level'],
      ['level "two"', { name: 'F', level: 'two' }, 'level'],
      ['level null', { name: 'F', level: null }, 'level'],
      ['missing building_id', { name: 'F', level: 1, building_id: undefined }, 'building_id'],
      ['building_id that is not a UUID', { name: 'F', level: 1, building_id: 'tower' }, 'building_id'],
    ];

    it.each(json)('POST /v1/floors JSON: %s', async (_label, payload, field) => {
      const target = await createBuilding(t.app, account.headers, { name: 'Empty' });
      const response = await t.app.inject({ method: 'POST', url: '/v1/floors', headers: account.headers, payload: { building_id: target.id, ...payload } });
      expectFieldProblem(response, field);
      expect(await floorsOf(target.id)).toEqual([]);
    });

    it.each([
      ['missing name', { level: '1' }, 'name'],
      ['missing level', { name: 'F' }, 'level'],
      ['empty level (an untouched input)', { name: 'F', level: '' }, 'level'],
      ['level "2.5"', { name: 'F', level: '2.5' }, 'level'],
      ['level "two"', { name: 'F', level: 'two' }, 'level'],
    ] as [string, Record<string, string>, string][])('multipart with a plan: %s (and no file is kept)', async (_label, fields, field) => {
      const target = await createBuilding(t.app, account.headers, { name: 'EmptyMultipart' });
      expectFieldProblem(await postMultipart('/v1/floors', { building_id: target.id, ...fields }, await readPlan(PLAN)), field);
      expectFieldProblem(await postMultipart(`/v1/buildings/${target.id}/floors`, fields, await readPlan(PLAN)), field);
      expect(await floorsOf(target.id)).toEqual([]);
      expect((await organizationFiles(t.dataDir, account.organizationId)).filter((f) => f.includes(target.id))).toEqual([]);
    });

    it('multipart without building_id', async () => {
      expectFieldProblem(await postMultipart('/v1/floors', { name: 'F', level: '1' }), 'building_id');
    });

    it('an unknown building is a 404 (both routes)', async () => {
      const unknown = crypto.randomUUID();
      expectProblem(await t.app.inject({ method: 'POST', url: '/v1/floors', headers: account.headers, payload: { name: 'F', level: 1, building_id: unknown } }), 404, 'Building not found');
      expectProblem(await t.app.inject({ method: 'POST', url: `/v1/buildings/${unknown}/floors`, headers: account.headers, payload: { name: 'F', level: 1 } }), 404);
      expectProblem(await t.app.inject({ method: 'GET', url: `/v1/buildings/${unknown}/floors`, headers: account.headers }), 404);
    });

    it('a floor_plan that is not an image leaves no floor and no file', async () => {
      const target = await createBuilding(t.app, account.headers, { name: 'TextPlan' });
      expectFieldProblem(await postMultipart('/v1/floors', { name: 'F', level: '1', building_id: target.id }, 'this is not a plan'), 'floor_plan', 415);
      expect(await floorsOf(target.id)).toEqual([]);
      expect((await organizationFiles(t.dataDir, account.organizationId)).filter((f) => f.includes(target.id))).toEqual([]);
    });
  });

  it('GET /v1/floors/{id} wraps the floor in { floor }; unknown is 404, malformed is 400', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Mezzanine', level: 1 });
    const response = await t.app.inject({ method: 'GET', url: `/v1/floors/${floor.id}`, headers: account.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ floor });
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/floors/${crypto.randomUUID()}`, headers: account.headers }), 404, 'Floor not found');
    expectFieldProblem(await t.app.inject({ method: 'GET', url: '/v1/floors/42', headers: account.headers }), 'id');
  });

  it('PATCH /v1/floors/{id} renames (trimmed) and changes the level, answering { data }', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Old', level: 3 });
    const url = `/v1/floors/${floor.id}`;
    const renamed = await t.app.inject({ method: 'PATCH', url, headers: account.headers, payload: { name: '  New name ' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ data: Floor }>().data).toMatchObject({ id: floor.id, name: 'New name', level: 3 });
    const leveled = await t.app.inject({ method: 'PATCH', url, headers: account.headers, payload: { level: 4 } });
    expect(leveled.json<{ data: Floor }>().data).toMatchObject({ name: 'New name', level: 4 });
    expect((await t.app.inject({ method: 'GET', url, headers: account.headers })).json()).toMatchObject({ floor: { name: 'New name', level: 4 } });
  });

  it('PATCH refuses a blank name, a fractional level and an empty body, and changes nothing', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Stable', level: 5 });
    const url = `/v1/floors/${floor.id}`;
    expectFieldProblem(await t.app.inject({ method: 'PATCH', url, headers: account.headers, payload: { name: '   ' } }), 'name');
    expectFieldProblem(await t.app.inject({ method: 'PATCH', url, headers: account.headers, payload: { level: 'two' } }), 'level');
    expectProblem(await t.app.inject({ method: 'PATCH', url, headers: account.headers, payload: {} }), 400);
    expectProblem(await t.app.inject({ method: 'PATCH', url: `/v1/floors/${crypto.randomUUID()}`, headers: account.headers, payload: { name: 'X' } }), 404);
    expect((await t.app.inject({ method: 'GET', url, headers: account.headers })).json()).toEqual({ floor });
  });

  it('DELETE /v1/floors/{id} removes its device positions, plan rows and files; the devices stay', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Doomed', level: 8 });
    const other = await createFloor(t.app, account.headers, building.id, { name: 'Neighbour', level: 9 });
    await uploadRealPlan(t.app, account.headers, floor.id, PLAN);
    await uploadRealPlan(t.app, account.headers, floor.id);
    await uploadRealPlan(t.app, account.headers, other.id, PLAN);
    await placeDevice(t.app, account.headers, floor.id, 'CAM-DOOMED-1');
    await placeDevice(t.app, account.headers, floor.id, 'CAM-DOOMED-2');
    await placeDevice(t.app, account.headers, other.id, 'CAM-NEIGHBOUR');
    const folder = `/floors/${floor.id}/`;
    expect((await organizationFiles(t.dataDir, account.organizationId)).filter((f) => f.includes(folder))).toHaveLength(2);

    const response = await t.app.inject({ method: 'DELETE', url: `/v1/floors/${floor.id}`, headers: account.headers });
    expect(response.statusCode).toBe(204);

    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/floors/${floor.id}`, headers: account.headers }), 404);
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/floors/${floor.id}/devices`, headers: account.headers }), 404);
    expect(await planRows(t.app, floor.id)).toEqual([]);
    expect((await organizationFiles(t.dataDir, account.organizationId)).filter((f) => f.includes(folder))).toEqual([]);
    const devices = (await t.app.inject({ method: 'GET', url: '/v1/devices', headers: account.headers })).json<{ devices: Device[] }>().devices;
    const floorOf = (id: string) => devices.find((d) => d.device_id === id)?.floor_id;
    expect(floorOf('CAM-DOOMED-1')).toBeNull();
    expect(floorOf('CAM-DOOMED-2')).toBeNull();
    expect(floorOf('CAM-NEIGHBOUR')).toBe(other.id);
    expect(await planRows(t.app, other.id)).toHaveLength(1);
    expectProblem(await t.app.inject({ method: 'DELETE', url: `/v1/floors/${floor.id}`, headers: account.headers }), 404);
  });
});
