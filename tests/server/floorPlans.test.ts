import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Building, Floor, FloorPlanFile } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { PLANS_DIR, TINY_GIF, createBuilding, createFloor, organizationFiles, planRows, pngClaiming, pngSize, readPlan, uploadPlan } from './helpers/fixtures';
import { multipart, withHeaders } from './helpers/multipart';

/** Every real raster and SVG plan in the shared folder (the big Breguet ones are 9355 × 6623, 1–1.5 MB). */
const REAL_PLANS = readdirSync(PLANS_DIR).filter((name) => /\.(png|svg)$/.test(name)).sort();

const svg = (inner: string, attributes = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"${attributes}>${inner}</svg>`;

describe.each(databaseKinds)('floor plan uploads (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let building: Building;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Plans');
    building = await createBuilding(t.app, account.headers, { name: 'Breguet' });
  });
  afterAll(() => t?.close());

  const floorFiles = async (floorId: string) =>
    (await organizationFiles(t.dataDir, account.organizationId)).filter((f) => f.includes(`/floors/${floorId}/`));
  const getFloor = async (floorId: string) =>
    (await t.app.inject({ method: 'GET', url: `/v1/floors/${floorId}`, headers: account.headers })).json<{ floor: Floor }>().floor;

  it('finds the shared real plans', () => {
    expect(REAL_PLANS.filter((n) => n.endsWith('.png')).length).toBeGreaterThanOrEqual(10);
    expect(REAL_PLANS).toContain('ha-floorplan_home.svg');
  });

  it.each(REAL_PLANS)('uploads %s via POST plan-image, records its size and serves it back byte for byte', async (name) => {
    const data = await readPlan(name);
    const floor = await createFloor(t.app, account.headers, building.id, { name });
    const response = await uploadPlan(t.app, account.headers, floor.id, data, name);
    expect(response.statusCode, response.body).toBe(201);
    const plan = response.json<FloorPlanFile>();
    const isSvg = name.endsWith('.svg');
    // inspectImage keeps an SVG's aspect ratio and scales its long side to 1024 px (viewBox 268.66 × 242.33
    // here, so 1024 × 923.6; librsvg rounds the height to 923).
    const size = isSvg ? { width: 1024, height: 923 } : pngSize(data);
    // Over 4096 px on the long side (the Breguet plans), a PNG display version is made beside the original.
    const large = Math.max(size.width, size.height) > 4096;
    const display = large ? { width: 4096, height: Math.round((4096 * size.height) / size.width) } : size;
    const displayUrl = large ? plan.url.replace(/\.png$/, '.display.png') : plan.url;
    expect(plan).toEqual({
      file_name: expect.stringMatching(isSvg ? /^plan-[0-9a-f]{10}\.svg$/ : /^plan-[0-9a-f]{10}\.png$/),
      filename: plan.file_name,
      url: `/v1/floors/${floor.id}/floor-plans/${plan.file_name}`,
      ...size,
      content_type: isSvg ? 'image/svg+xml' : 'image/png',
      size: data.length,
      uploaded_at: expect.any(String),
      display_url: displayUrl,
      display_width: display.width,
      display_height: display.height,
      original_url: plan.url,
    });
    if (name.startsWith('centralesupelec_breguet')) expect({ size, display }).toEqual({ size: { width: 9355, height: 6623 }, display: { width: 4096, height: 2900 } });

    const current = await t.app.inject({ method: 'GET', url: `/v1/floors/${floor.id}/plan-image`, headers: account.headers });
    expect(current.json()).toEqual(plan);
    expect(await getFloor(floor.id)).toMatchObject({
      floor_plan_url: plan.url,
      floor_plan_filename: plan.file_name,
      floor_plan_width: size.width,
      floor_plan_height: size.height,
      floor_plan_display_url: displayUrl,
      floor_plan_display_width: display.width,
      floor_plan_display_height: display.height,
    });
    const file = await t.app.inject({ method: 'GET', url: plan.url, headers: account.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(plan.content_type);
    expect(file.headers['content-length']).toBe(String(data.length));
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(data)).toBe(true);

    const shown = await t.app.inject({ method: 'GET', url: displayUrl, headers: account.headers });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe(plan.content_type);
    if (large) expect(pngSize(shown.rawPayload)).toEqual(display);
    else expect(shown.rawPayload.equals(data)).toBe(true);
    expect((await floorFiles(floor.id)).length).toBe(large ? 2 : 1);
  });

  it('serves an SVG plan with the sandboxing Content-Security-Policy', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Vector' });
    const plan = (await uploadPlan(t.app, account.headers, floor.id, await readPlan('ha-floorplan_home.svg'), 'home.svg')).json<FloorPlanFile>();
    const file = await t.app.inject({ method: 'GET', url: plan.url, headers: account.headers });
    expect(file.headers['content-type']).toBe('image/svg+xml');
    const csp = String(file.headers['content-security-policy']);
    expect(csp.split(';').map((d) => d.trim())).toEqual(expect.arrayContaining(['sandbox', "default-src 'none'"]));
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(`inline; filename="${plan.file_name}"`);
  });

  it('also uploads through POST floor-plans, which makes the new file current', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Second route' });
    const response = await uploadPlan(t.app, account.headers, floor.id, await readPlan('ilc20_site1_F4.png'), 'f4.png', 'floor-plans');
    expect(response.statusCode, response.body).toBe(201);
    expect((await getFloor(floor.id)).floor_plan_filename).toBe(response.json<FloorPlanFile>().file_name);
  });

  describe('refuses a bad upload with a clear 4xx naming floor_plan, and keeps no row and no file', () => {
    const cases: [string, () => Promise<Buffer> | Buffer, string, number, RegExp][] = [
      ['the vector PDF plan', () => readPlan('centralesupelec_rennes_n2.pdf'), 'n2.pdf', 415, /PDF files are not supported/],
      ['a text file named plan.png', () => Buffer.from('Room 101, Room 102\nthis is not an image\n'), 'plan.png', 415, /not an image/],
      ['an empty file', () => Buffer.alloc(0), 'plan.png', 400, /empty/],
      ['a tiny PNG claiming 30000 × 30000 px (900 MP, over the 200 MP limit)', () => pngClaiming(30000, 30000), 'bomb.png', 422, /30000 × 30000/],
      ['an SVG with <script>', () => Buffer.from(svg('<script>alert(1)</script><rect width="10" height="10"/>')), 'plan.svg', 422, /<script>/],
      ['an SVG with onload=', () => Buffer.from(svg('<rect width="10" height="10"/>', ' onload="alert(1)"')), 'plan.svg', 422, /onload/],
      ['a GIF', () => TINY_GIF, 'plan.gif', 415, /GIF files are not supported/],
    ];

    it.each(cases)('%s', async (_label, bytes, filename, status, reason) => {
      const floor = await createFloor(t.app, account.headers, building.id, { name: 'Refusals' });
      for (const route of ['plan-image', 'floor-plans'] as const) {
        const response = await uploadPlan(t.app, account.headers, floor.id, await bytes(), filename, route);
        const problem = expectFieldProblem(response, 'floor_plan', status);
        expect(problem.detail).toMatch(reason);
      }
      expect(await planRows(t.app, floor.id)).toEqual([]);
      expect(await floorFiles(floor.id)).toEqual([]);
      expect(await getFloor(floor.id)).toMatchObject({ floor_plan_url: null, floor_plan_filename: null });
    });

    it('a refused upload leaves the current plan in place', async () => {
      const floor = await createFloor(t.app, account.headers, building.id, { name: 'Keeps its plan' });
      const good = (await uploadPlan(t.app, account.headers, floor.id, await readPlan('ilc20_site1_F1.png'))).json<FloorPlanFile>();
      expectFieldProblem(await uploadPlan(t.app, account.headers, floor.id, TINY_GIF, 'x.gif'), 'floor_plan', 415);
      expect((await getFloor(floor.id)).floor_plan_filename).toBe(good.file_name);
      expect(await planRows(t.app, floor.id)).toHaveLength(1);
      expect(await floorFiles(floor.id)).toHaveLength(1);
    });

    it('a multipart body without the floor_plan file, or with floor_plan as text, is a 400', async () => {
      const floor = await createFloor(t.app, account.headers, building.id, { name: 'No file' });
      const url = `/v1/floors/${floor.id}/plan-image`;
      const other = await multipart({}, { image: { data: await readPlan('ilc20_site1_F1.png'), filename: 'p.png' } });
      expectFieldProblem(await t.app.inject({ method: 'POST', url, ...withHeaders(other, account.headers) }), 'floor_plan');
      const text = await multipart({ floor_plan: 'plan.png' });
      expectFieldProblem(await t.app.inject({ method: 'POST', url, ...withHeaders(text, account.headers) }), 'floor_plan');
      expect(await planRows(t.app, floor.id)).toEqual([]);
    });

    it('a JSON body is a 400 saying the plan must be a multipart file upload', async () => {
      const floor = await createFloor(t.app, account.headers, building.id, { name: 'JSON' });
      const response = await t.app.inject({ method: 'POST', url: `/v1/floors/${floor.id}/plan-image`, headers: account.headers, payload: { floor_plan: 'x' } });
      expectFieldProblem(response, 'floor_plan');
      expect(response.json<{ detail: string }>().detail).toContain('multipart/form-data');
      expect(await planRows(t.app, floor.id)).toEqual([]);
    });

    it('an unknown floor is a 404, and nothing is stored', async () => {
      const before = await organizationFiles(t.dataDir, account.organizationId);
      expectProblem(await uploadPlan(t.app, account.headers, crypto.randomUUID(), await readPlan('ilc20_site1_F1.png')), 404, 'Floor not found');
      expect(await organizationFiles(t.dataDir, account.organizationId)).toEqual(before);
    });
  });
});
