import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Building, Floor, FloorPlanFile } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createBuilding, createFloor, organizationFiles, planRows, readPlan, uploadPlan } from './helpers/fixtures';

const PLANS = ['ilc20_site1_F1.png', 'ilc20_site1_F2.png', 'ilc20_site1_F3.png'] as const;

describe.each(databaseKinds)('floor plan files and signed URLs (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let building: Building;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'PlanFiles');
    building = await createBuilding(t.app, account.headers, { name: 'Mall' });
  });
  afterAll(() => t?.close());

  const get = (url: string, headers: Record<string, string> = account.headers) => t.app.inject({ method: 'GET', url, headers });
  const currentFileName = async (floorId: string) => (await get(`/v1/floors/${floorId}`)).json<{ floor: Floor }>().floor.floor_plan_filename;
  const floorFiles = async (floorId: string) =>
    (await organizationFiles(t.dataDir, account.organizationId)).filter((f) => f.includes(`/floors/${floorId}/`));
  const deleteByName = (floorId: string, filename: string) =>
    t.app.inject({ method: 'DELETE', url: `/v1/floors/${floorId}/floor-plans?filename=${encodeURIComponent(filename)}`, headers: account.headers });

  /** A floor with the three plans uploaded in order (through floor-plans, plan-image, floor-plans); the last is current. */
  async function floorWithThreePlans(): Promise<{ floor: Floor; plans: FloorPlanFile[] }> {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Plans' });
    const plans: FloorPlanFile[] = [];
    for (const [index, name] of PLANS.entries()) {
      const response = await uploadPlan(t.app, account.headers, floor.id, await readPlan(name), name, index === 1 ? 'plan-image' : 'floor-plans');
      expect(response.statusCode, response.body).toBe(201);
      plans.push(response.json<FloorPlanFile>());
    }
    return { floor, plans };
  }

  it('lists every plan file of a floor in upload order; the latest upload is current', async () => {
    const { floor, plans } = await floorWithThreePlans();
    const response = await get(`/v1/floors/${floor.id}/floor-plans`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ floor_plans: plans });
    expect(await currentFileName(floor.id)).toBe(plans[2]!.file_name);
    expect(await floorFiles(floor.id)).toHaveLength(3);
  });

  it('deletes a plan file by name; deleting the current one makes the latest other one current', async () => {
    const { floor, plans } = await floorWithThreePlans();
    const [first, second, third] = plans as [FloorPlanFile, FloorPlanFile, FloorPlanFile];

    expect((await deleteByName(floor.id, third.file_name)).statusCode).toBe(204);
    expect(await currentFileName(floor.id)).toBe(second.file_name);
    expect((await get(`/v1/floors/${floor.id}`)).json<{ floor: Floor }>().floor).toMatchObject({ floor_plan_width: second.width, floor_plan_height: second.height });
    expectProblem(await get(third.url), 404);

    expect((await deleteByName(floor.id, first.file_name)).statusCode).toBe(204);
    expect(await currentFileName(floor.id)).toBe(second.file_name);
    expect((await get(`/v1/floors/${floor.id}/floor-plans`)).json()).toEqual({ floor_plans: [second] });
    expect((await floorFiles(floor.id)).map((f) => f.split('/').pop())).toEqual([second.file_name]);
    expect(await planRows(t.app, floor.id)).toHaveLength(1);

    expect((await deleteByName(floor.id, second.file_name)).statusCode).toBe(204);
    expect((await get(`/v1/floors/${floor.id}`)).json()).toMatchObject({ floor: { floor_plan_url: null, floor_plan_filename: null, floor_plan_width: null } });
    expect(await floorFiles(floor.id)).toEqual([]);
  });

  it('deleting by an unknown file name is a 404; without a file name a 400 naming filename', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Unknown file' });
    expectProblem(await deleteByName(floor.id, 'plan-0000000000.png'), 404, 'Floor plan file not found');
    expectFieldProblem(await t.app.inject({ method: 'DELETE', url: `/v1/floors/${floor.id}/floor-plans`, headers: account.headers }), 'filename');
  });

  it('DELETE plan-image removes the current plan (file and row); GET plan-image is then 404', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Plan image' });
    const plan = (await uploadPlan(t.app, account.headers, floor.id, await readPlan(PLANS[0]))).json<FloorPlanFile>();
    const url = `/v1/floors/${floor.id}/plan-image`;
    expect((await get(url)).json()).toEqual(plan);
    const response = await t.app.inject({ method: 'DELETE', url, headers: account.headers });
    expect(response.statusCode).toBe(204);
    expectProblem(await get(url), 404, 'Floor plan not found');
    expectProblem(await get(plan.url), 404);
    expect(await planRows(t.app, floor.id)).toEqual([]);
    expect(await floorFiles(floor.id)).toEqual([]);
    expectProblem(await t.app.inject({ method: 'DELETE', url, headers: account.headers }), 404);
  });

  it('GET plan-image of a floor without a plan is 404', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Bare' });
    expectProblem(await get(`/v1/floors/${floor.id}/plan-image`), 404);
  });

  it('a plan file needs the bearer header when not signed; a bad file name is refused', async () => {
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Bearer' });
    const plan = (await uploadPlan(t.app, account.headers, floor.id, await readPlan(PLANS[0]))).json<FloorPlanFile>();
    expectProblem(await get(plan.url, {}), 401);
    expectFieldProblem(await get(`/v1/floors/${floor.id}/floor-plans/..%2F..%2Fjwt-secret`), 'filename');
  });

  describe('signed URLs', () => {
    let floor: Floor;
    let plan: FloorPlanFile;
    let data: Buffer;

    beforeAll(async () => {
      floor = await createFloor(t.app, account.headers, building.id, { name: 'Signed' });
      data = await readPlan(PLANS[1]);
      plan = (await uploadPlan(t.app, account.headers, floor.id, data)).json<FloorPlanFile>();
    });

    async function signedUrl(): Promise<{ url: string; expires_at: string }> {
      const response = await get(`${plan.url}?signed_url=true`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      return response.json();
    }

    it('returns { url, expires_at } about 5 minutes ahead, and the URL works without a bearer header', async () => {
      const before = Date.now();
      const signed = await signedUrl();
      expect(Object.keys(signed).sort()).toEqual(['expires_at', 'url']);
      expect(signed.url).toMatch(new RegExp(`^${plan.url}\\?expires=\\d+&signature=[A-Za-z0-9_-]+$`));
      const expiresAt = new Date(signed.expires_at).getTime();
      expect(expiresAt).toBeGreaterThan(before + 4 * 60 * 1000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60 * 1000 + 1000);

      const image = await get(signed.url, {});
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(image.rawPayload.equals(data)).toBe(true);
    });

    it('a tampered signature, a changed expiry or another file name is a 403', async () => {
      const { url } = await signedUrl();
      const parsed = new URL(url, 'http://localhost');
      const signature = parsed.searchParams.get('signature') ?? '';
      const expires = Number(parsed.searchParams.get('expires'));
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
      expectProblem(await get(`${plan.url}?expires=${expires}&signature=${flipped}`, {}), 403, 'signed URL is invalid');
      expectProblem(await get(`${plan.url}?expires=${expires + 3600}&signature=${signature}`, {}), 403);
      expectProblem(await get(`${plan.url}?signature=${signature}`, {}), 403);
      const other = (await uploadPlan(t.app, account.headers, floor.id, await readPlan(PLANS[2]))).json<FloorPlanFile>();
      expectProblem(await get(`${other.url}?expires=${expires}&signature=${signature}`, {}), 403);
    });

    it('an expired signed URL is a 403', async () => {
      const { url } = await signedUrl();
      const parsed = new URL(url, 'http://localhost');
      expectProblem(await get(`${plan.url}?expires=${Math.floor(Date.now() / 1000) - 10}&signature=${parsed.searchParams.get('signature')}`, {}), 403);
    });

    it('a signed URL cannot mint another signed URL (its 5-minute life must not be extendable)', async () => {
      const { url } = await signedUrl();
      expectProblem(await get(`${url}&signed_url=true`, {}), 403, 'bearer header');
    });

    it("another organization's floor file is a 404, signed or not", async () => {
      const intruder = await createAccount(t.app, 'Intruder');
      expectProblem(await get(`${plan.url}?signed_url=true`, intruder.headers), 404);
      expectProblem(await get(plan.url, intruder.headers), 404);
    });
  });
});
