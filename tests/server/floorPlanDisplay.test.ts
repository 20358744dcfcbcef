import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Building, DevicePosition, Floor, FloorPlanFile } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createBuilding, createFloor, organizationFiles, placeDevice, planRows, readPlan, uploadPlan } from './helpers/fixtures';

/** A solid box of one colour at `left`, `top`, for sharp's composite. */
const box = (width: number, height: number, background: string, left: number, top: number) => ({
  input: { create: { width, height, channels: 3 as const, background } },
  left,
  top,
});

/**
 * A 12 000 × 8 000 PNG plan made here (a sheet with a few walls and a room): about 4 MB,
 * made in a few seconds because it is flat colour, and made once for both databases.
 */
let hugePlan: Promise<Buffer> | undefined;
function huge(): Promise<Buffer> {
  hugePlan ??= sharp({ create: { width: 12_000, height: 8_000, channels: 3, background: '#f4f1ea' } })
    .composite([box(11_000, 60, '#222222', 500, 500), box(60, 7_000, '#222222', 500, 500), box(1_500, 1_500, '#3366aa', 7_000, 4_000)])
    .png({ compressionLevel: 1 })
    .toBuffer();
  return hugePlan;
}

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#ddeeff' } });

describe.each(databaseKinds)('large floor plans: display versions (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let building: Building;
  let deviceCounter = 0;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Large plans');
    building = await createBuilding(t.app, account.headers, { name: 'Hangar' });
  }, 120_000);
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = account.headers) => t.app.inject({ method: 'GET', url, headers });
  const floorFiles = async (floorId: string) =>
    (await organizationFiles(t.dataDir, account.organizationId)).filter((f) => f.includes(`/floors/${floorId}/`)).map((f) => f.split('/').pop());
  const getFloor = async (floorId: string) => (await get(`/v1/floors/${floorId}`)).json<{ floor: Floor }>().floor;
  const setCurrent = (floorId: string, payload: unknown, headers = account.headers) =>
    t.app.inject({ method: 'PUT', url: `/v1/floors/${floorId}/plan-image`, headers, payload: payload as Record<string, unknown> });
  async function upload(floorId: string, data: Buffer, name = 'plan.png'): Promise<FloorPlanFile> {
    const response = await uploadPlan(t.app, account.headers, floorId, data, name, 'floor-plans');
    expect(response.statusCode, response.body).toBe(201);
    return response.json<FloorPlanFile>();
  }

  it('keeps a generated 12 000 × 8 000 PNG as it is and shows a 4096 × 2731 PNG copy', async () => {
    const data = await huge();
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Huge' });
    const plan = await upload(floor.id, data, 'huge.png');
    expect(plan).toMatchObject({
      width: 12_000,
      height: 8_000,
      content_type: 'image/png',
      size: data.length,
      original_url: plan.url,
      display_url: plan.url.replace(/\.png$/, '.display.png'),
      display_width: 4096,
      display_height: 2731,
    });
    expect(await getFloor(floor.id)).toMatchObject({
      floor_plan_width: 12_000,
      floor_plan_height: 8_000,
      floor_plan_display_url: plan.display_url,
      floor_plan_display_width: 4096,
      floor_plan_display_height: 2731,
    });

    const original = await get(plan.original_url);
    expect(original.rawPayload.equals(data)).toBe(true);
    const shown = await get(plan.display_url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(shown.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'png', width: 4096, height: 2731 });
    // The blue room at (7000..8500, 4000..5500) is still there, scaled by 4096 / 12 000.
    const { data: pixel } = await sharp(shown.rawPayload).extract({ left: Math.round(7750 * 0.3413), top: Math.round(4750 * 0.3413), width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([...pixel.subarray(0, 3)]).toEqual([0x33, 0x66, 0xaa]);
    expect((await floorFiles(floor.id)).sort()).toEqual([plan.file_name, plan.display_url.split('/').pop()].sort());
  }, 60_000);

  it('a display version has its own signed URL, which works without the bearer header', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Signed display' });
    const plan = await upload(floor.id, await readPlan('centralesupelec_breguet_L2.png'));
    const signed = (await get(`${plan.display_url}?signed_url=true`)).json<{ url: string }>();
    expect(signed.url.startsWith(`${plan.display_url}?expires=`)).toBe(true);
    const image = await get(signed.url, {});
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(4096);
    expectProblem(await get(plan.display_url, {}), 401);
    const intruder = await createAccount(t.app, 'Display intruder');
    expectProblem(await get(plan.display_url, intruder.headers), 404);
  });

  it.each([
    ['JPEG', () => solid(5000, 3000).jpeg().toBuffer(), 'image/jpeg', 'jpeg', /\.display\.jpg$/, { width: 4096, height: 2458 }],
    ['WebP', () => solid(6000, 2000).webp().toBuffer(), 'image/webp', 'webp', /\.display\.webp$/, { width: 4096, height: 1365 }],
    ['EXIF-rotated JPEG (orientation 6: 6000 × 3000 stored, 3000 × 6000 shown)', () => solid(6000, 3000).jpeg().withMetadata({ orientation: 6 }).toBuffer(), 'image/jpeg', 'jpeg', /\.display\.jpg$/, { width: 2048, height: 4096 }],
  ] as const)('a large %s keeps its format in the display version', async (_label, make, contentType, format, name, size) => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Formats' });
    const plan = await upload(floor.id, await make(), 'plan.bin');
    expect(plan.content_type).toBe(contentType);
    expect(plan.display_url).toMatch(name);
    expect({ width: plan.display_width, height: plan.display_height }).toEqual(size);
    const shown = await get(plan.display_url);
    expect(shown.headers['content-type']).toBe(contentType);
    const meta = await sharp(shown.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, orientation: meta.orientation }).toEqual({ format, ...size, orientation: undefined });
  });

  it('a plan of at most 4096 px, or an SVG, is its own display version', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Small' });
    for (const data of [await solid(4096, 1000).png().toBuffer(), await readPlan('ha-floorplan_home.svg')]) {
      const plan = await upload(floor.id, data, 'small');
      expect(plan.display_url).toBe(plan.url);
      expect({ width: plan.display_width, height: plan.display_height }).toEqual({ width: plan.width, height: plan.height });
    }
    expect((await planRows(t.app, floor.id)).map((row) => row.displayStorageKey)).toEqual([null, null]);
    expect(await floorFiles(floor.id)).toHaveLength(2);
  });

  it('a large PNG whose pixels are cut off is a 422 naming floor_plan, with no row and no file', async () => {
    const whole = await readPlan('centralesupelec_breguet_L3.png');
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Truncated' });
    for (const route of ['plan-image', 'floor-plans'] as const) {
      const problem = expectFieldProblem(await uploadPlan(t.app, account.headers, floor.id, truncated, 'cut.png', route), 'floor_plan', 422);
      expect(problem.detail).toMatch(/damaged or incomplete/);
    }
    expect(await planRows(t.app, floor.id)).toEqual([]);
    expect(await floorFiles(floor.id)).toEqual([]);
    expect(await getFloor(floor.id)).toMatchObject({ floor_plan_url: null, floor_plan_display_url: null });
  });

  it('deleting a plan removes its display version too; the display name itself cannot be deleted', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Delete both' });
    const plan = await upload(floor.id, await readPlan('centralesupelec_breguet_L4.png'));
    const displayName = plan.display_url.split('/').pop() ?? '';
    const remove = (filename: string) =>
      t.app.inject({ method: 'DELETE', url: `/v1/floors/${floor.id}/floor-plans?filename=${encodeURIComponent(filename)}`, headers: account.headers });
    expectProblem(await remove(displayName), 404, 'Floor plan file not found');
    expect(await floorFiles(floor.id)).toHaveLength(2);
    expect((await remove(plan.file_name)).statusCode).toBe(204);
    expect(await floorFiles(floor.id)).toEqual([]);
    expectProblem(await get(plan.display_url), 404);
  });

  describe('PUT plan-image switches the current plan', () => {
    it('to another file of the floor; devices keep their percent positions', async () => {
      const floor = await createFloor(t.app, account.headers, building.id, { name: 'Switch' });
      const first = await upload(floor.id, await readPlan('centralesupelec_breguet_L0_rdc.png'));
      const second = await upload(floor.id, await readPlan('ilc20_site1_F1.png'));
      const deviceId = `00:1A:2B:3C:5D:${(++deviceCounter).toString(16).padStart(2, '0').toUpperCase()}`;
      await placeDevice(t.app, account.headers, floor.id, deviceId, { x_percent: 37.5, y_percent: 62.25 });
      expect((await getFloor(floor.id)).floor_plan_filename).toBe(second.file_name);

      const response = await setCurrent(floor.id, { file_name: first.file_name });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(first);
      expect(await getFloor(floor.id)).toMatchObject({
        floor_plan_filename: first.file_name,
        floor_plan_width: 9355,
        floor_plan_height: 6623,
        floor_plan_display_url: first.display_url,
        floor_plan_display_width: 4096,
      });
      expect((await get(`/v1/floors/${floor.id}/plan-image`)).json()).toEqual(first);
      const positions = (await get(`/v1/floors/${floor.id}/devices`)).json<{ device_positions: DevicePosition[] }>().device_positions;
      expect(positions).toEqual([expect.objectContaining({ device_id: deviceId, x_percent: 37.5, y_percent: 62.25 })]);
      expect((await get(`/v1/floors/${floor.id}/floor-plans`)).json()).toEqual({ floor_plans: [first, second] });
    });

    it('refuses an unknown or display file name (404), a bad body (400), and another organization (404)', async () => {
      const floor = await createFloor(t.app, account.headers, building.id, { name: 'Switch refusals' });
      const plan = await upload(floor.id, await readPlan('centralesupelec_breguet_L1.png'));
      expectProblem(await setCurrent(floor.id, { file_name: 'plan-0000000000.png' }), 404, 'Floor plan file not found');
      expectProblem(await setCurrent(floor.id, { file_name: plan.display_url.split('/').pop() }), 404);
      expectFieldProblem(await setCurrent(floor.id, {}), 'file_name');
      const intruder = await createAccount(t.app, 'Switch intruder');
      expectProblem(await setCurrent(floor.id, { file_name: plan.file_name }, intruder.headers), 404, 'Floor not found');
      expect((await getFloor(floor.id)).floor_plan_filename).toBe(plan.file_name);
    });
  });
});
