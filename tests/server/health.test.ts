import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectProblem } from './helpers/problems';
import { createBuilding, createFloor, filesUnder, planRows, readPlan, uploadPlan } from './helpers/fixtures';
import { multipart, withHeaders } from './helpers/multipart';

/** Every route of buildings, floors (with plans and positions), devices and auth the server offers, as OpenAPI paths. */
const EXPECTED_ROUTES: Record<string, string[]> = {
  '/v1/health': ['get'],
  '/v1/auth/providers': ['get'],
  '/v1/auth/google': ['post'],
  '/v1/auth/callback': ['post'],
  '/v1/auth/password/login': ['post'],
  '/v1/auth/refresh': ['post'],
  '/v1/auth/profile': ['get', 'patch'],
  '/v1/auth/password/reset-request': ['post'],
  '/v1/auth/password/reset': ['post'],
  '/v1/auth/password/setup': ['post'],
  '/v1/auth/password/change': ['post'],
  '/v1/invitations': ['get', 'post'],
  '/v1/invitations/{id}': ['delete'],
  '/v1/auth/logout': ['post'],
  '/v1/buildings': ['get', 'post'],
  '/v1/buildings/{id}': ['get', 'patch', 'delete'],
  '/v1/buildings/{id}/map-image': ['get'],
  '/v1/buildings/{id}/floors': ['get', 'post'],
  '/v1/floors': ['post'],
  '/v1/floors/{id}': ['get', 'patch', 'delete'],
  '/v1/floors/{id}/devices': ['get', 'post', 'delete'],
  '/v1/floors/{id}/devices/{deviceId}': ['delete'],
  '/v1/floors/{floorId}/devices/{deviceId}/position': ['patch'],
  '/v1/floors/{floorId}/devices/{deviceId}/fov': ['patch', 'delete'],
  '/v1/floors/{id}/plan-image': ['get', 'post', 'put', 'delete'],
  '/v1/floors/{id}/floor-plans': ['get', 'post', 'delete'],
  '/v1/floors/{id}/floor-plans/{filename}': ['get'],
  '/v1/devices': ['get'],
  '/v1/devices/{id}': ['get'],
  '/v1/devices/bulk-import': ['post'],
  '/v1/vortex/webhooks/{connectionId}': ['post'],
  '/v1/vortex/credentials': ['get', 'post'],
  '/v1/vortex/test-connection': ['post'],
  '/v1/vortex/sync': ['post'],
  '/v1/devices/{id}/sync': ['post'],
  '/v1/devices/{id}/snapshot': ['get'],
  '/v1/events': ['get'],
  '/v1/events/stream': ['get'],
  '/v1/events/{id}': ['get'],
  '/v1/alerts': ['get'],
  '/v1/alerts/{id}': ['get', 'patch'],
  '/v1/notifications': ['get'],
  '/v1/notifications/{id}': ['get', 'patch'],
  '/v1/notifications/mark-all-read': ['patch'],
  '/v1/organizations': ['get'],
  '/v1/organizations/limits': ['get'],
  '/v1/organizations/{id}': ['get'],
  '/v1/organizations/subscription': ['post'],
  '/v1/analytics/device-metrics': ['get'],
  '/v1/analytics/chart-data': ['get'],
};

describe.each(databaseKinds)('health, OpenAPI and HTTP edges (%s)', (kind) => {
  let t: TestApp;
  let account: Account;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Edges');
  });
  afterAll(() => t?.close());

  it('GET /v1/health answers 200 { status: "ok" } without a bearer header', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /v1/openapi.json is an OpenAPI 3.1.0 document listing every route', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Floorwatch API');
    for (const [route, methods] of Object.entries(EXPECTED_ROUTES)) {
      expect(Object.keys(document.paths), route).toContain(route);
      for (const method of methods) expect(document.paths[route], `${method.toUpperCase()} ${route}`).toHaveProperty(method);
    }
  });

  it('answers an unknown route with a 404 problem naming it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/no-such-thing?x=1', headers: account.headers });
    expectProblem(response, 404, 'GET /v1/no-such-thing');
  });

  it('answers a JSON body that does not parse with a 400 problem', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/buildings',
      headers: { ...account.headers, 'content-type': 'application/json' },
      payload: '{"name": "HQ",',
    });
    expectProblem(response, 400, 'not valid JSON');
  });

  it('answers a JSON body over 1 MiB with 413 and creates nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/buildings',
      headers: { ...account.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
    });
    expectProblem(response, 413);
    const list = await t.app.inject({ method: 'GET', url: '/v1/buildings', headers: account.headers });
    expect(list.json()).toEqual({ buildings: [] });
  });

  it.each(['/v1/buildings', '/v1/floors'])('answers a text/plain body to POST %s with 415 (never skipping the body schema)', async (url) => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...account.headers, 'content-type': 'text/plain' },
      payload: 'name=HQ',
    });
    expectProblem(response, 415, 'multipart/form-data');
  });
});

describe.each(databaseKinds)('upload size limit MAX_UPLOAD_MB (%s)', (kind) => {
  let t: TestApp;
  let account: Account;

  beforeAll(async () => {
    t = await build(kind, { MAX_UPLOAD_MB: '1' });
    account = await createAccount(t.app, 'Limits');
  });
  afterAll(() => t?.close());

  /** A 2 MB upload that starts as a real PNG, so only its size can be the reason to refuse it. */
  async function twoMegabytePng(): Promise<Buffer> {
    const plan = await readPlan('centralesupelec_breguet_L0_rdc.png');
    return Buffer.concat([plan, Buffer.alloc(2 * 1024 * 1024 - plan.length)]);
  }

  it('refuses a 2 MB floor plan with 413 and writes no floor_plans row and no file', async () => {
    const building = await createBuilding(t.app, account.headers);
    const floor = await createFloor(t.app, account.headers, building.id);
    const response = await uploadPlan(t.app, account.headers, floor.id, await twoMegabytePng());
    expectProblem(response, 413);
    expect(await planRows(t.app, floor.id)).toEqual([]);
    expect(await filesUnder(path.join(t.dataDir, 'files'))).toEqual([]);
    const after = await t.app.inject({ method: 'GET', url: `/v1/floors/${floor.id}`, headers: account.headers });
    expect(after.json()).toMatchObject({ floor: { floor_plan_url: null, floor_plan_filename: null } });
  });

  it('refuses a floor created with a 2 MB floor_plan with 413 and creates no floor', async () => {
    const building = await createBuilding(t.app, account.headers, { name: 'Annex' });
    const body = await multipart(
      { name: 'Big', level: 1, building_id: building.id },
      { floor_plan: { data: await twoMegabytePng(), filename: 'big.png', contentType: 'image/png' } },
    );
    const response = await t.app.inject({ method: 'POST', url: '/v1/floors', ...withHeaders(body, account.headers) });
    expectProblem(response, 413);
    const floors = await t.app.inject({ method: 'GET', url: `/v1/buildings/${building.id}/floors`, headers: account.headers });
    expect(floors.json()).toEqual({ floors: [] });
    expect(await filesUnder(path.join(t.dataDir, 'files'))).toEqual([]);
  });

  it('still accepts an upload under the limit', async () => {
    const building = await createBuilding(t.app, account.headers, { name: 'Small' });
    const floor = await createFloor(t.app, account.headers, building.id);
    const response = await uploadPlan(t.app, account.headers, floor.id, await readPlan('ilc20_site1_F1.png'));
    expect(response.statusCode, response.body).toBe(201);
  });
});
