import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import type { Problem } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createBuilding, createFloor, placeDevice } from './helpers/fixtures';

const STARTER = { buildings: 10, floors: 50, devices: 250, members: 10 };
const PROFESSIONAL = { buildings: 50, floors: 250, devices: 2500, members: 50 };

describe.each(databaseKinds)('organizations, plans and limits (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await build(kind);
  });
  afterAll(() => t?.close());

  const get = (account: Account, url: string) => t.app.inject({ method: 'GET', url, headers: account.headers });
  const subscribe = (account: Account, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/organizations/subscription', headers: account.headers, payload: payload as Record<string, unknown> });

  it("lists the caller's one organization with its plan and limits, and reads it by id", async () => {
    const account = await createAccount(t.app, 'Listed');
    const list = await get(account, '/v1/organizations');
    expect(list.statusCode, list.body).toBe(200);
    const organization = { id: account.organizationId, name: 'Listed', plan: 'starter', limits: STARTER, created_at: expect.any(String) };
    expect(list.json()).toEqual({ organizations: [organization] });
    const one = await get(account, `/v1/organizations/${account.organizationId}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual(organization);
  });

  it("answers another organization's id, an unknown id and no token as problems", async () => {
    const account = await createAccount(t.app, 'Mine');
    const other = await createAccount(t.app, 'Theirs');
    expectProblem(await get(account, `/v1/organizations/${other.organizationId}`), 404, 'Organization not found');
    expectProblem(await get(account, `/v1/organizations/${randomUUID()}`), 404, 'Organization not found');
    expectFieldProblem(await get(account, '/v1/organizations/not-a-uuid'), 'id');
    for (const url of ['/v1/organizations', '/v1/organizations/limits', `/v1/organizations/${account.organizationId}`]) {
      expectProblem(await t.app.inject({ method: 'GET', url }), 401);
    }
    expectProblem(await t.app.inject({ method: 'POST', url: '/v1/organizations/subscription', payload: { plan: 'enterprise' } }), 401);
  });

  it("counts the organization's own usage of each limit, and lists the plans", async () => {
    const account = await createAccount(t.app, 'Usage');
    const other = await createAccount(t.app, 'Noise');
    const building = await createBuilding(t.app, account.headers);
    await createBuilding(t.app, account.headers, { name: 'Annex' });
    const floor = await createFloor(t.app, account.headers, building.id);
    await placeDevice(t.app, account.headers, floor.id, 'cam-usage-1');
    await t.app.db.insert(users).values({ organizationId: account.organizationId, email: `second-${randomUUID()}@usage.test`, name: 'Second' });
    const noiseBuilding = await createBuilding(t.app, other.headers);
    await createFloor(t.app, other.headers, noiseBuilding.id);

    const response = await get(account, '/v1/organizations/limits');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      plan: 'starter',
      limits: STARTER,
      usage: { buildings: 2, floors: 1, devices: 1, members: 2 },
      plans: [
        { plan: 'starter', limits: STARTER },
        { plan: 'professional', limits: PROFESSIONAL },
        { plan: 'enterprise', limits: { buildings: 1000, floors: 10000, devices: 100000, members: 1000 } },
      ],
    });
  });

  it('changes the plan and its limits, up and back down', async () => {
    const account = await createAccount(t.app, 'Upgrade');
    await createBuilding(t.app, account.headers);
    const up = await subscribe(account, { plan: 'professional' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ plan: 'professional', limits: PROFESSIONAL, usage: { buildings: 1, floors: 0, devices: 0, members: 1 } });
    expect((await get(account, '/v1/organizations/limits')).json()).toMatchObject({ plan: 'professional', limits: PROFESSIONAL });
    expect((await get(account, '/v1/organizations')).json()).toMatchObject({ organizations: [{ plan: 'professional', limits: PROFESSIONAL }] });
    expect((await get(account, '/v1/auth/profile')).json()).toMatchObject({ organization: { plan: 'professional' } });

    const down = await subscribe(account, { plan: 'starter' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ plan: 'starter', limits: STARTER });
  });

  it('refuses an unknown plan, a missing one and unknown fields with a 400 naming the field', async () => {
    const account = await createAccount(t.app, 'BadPlan');
    const unknown = expectFieldProblem(await subscribe(account, { plan: 'gold' }), 'plan');
    expect(unknown.detail).toBe('plan must be one of starter, professional, enterprise; "gold" is not a plan');
    expectFieldProblem(await subscribe(account, {}), 'plan');
    expectFieldProblem(await subscribe(account, { plan: '' }), 'plan');
    expectFieldProblem(await subscribe(account, { plan: 7 }), 'plan');
    expectFieldProblem(await subscribe(account, { plan: 'enterprise', seats: 3 }), 'seats');
    expect((await get(account, '/v1/organizations/limits')).json()).toMatchObject({ plan: 'starter', limits: STARTER });
  });

  it('refuses a plan below current usage with a 409 naming each limit and the usage, and keeps the plan', async () => {
    const account = await createAccount(t.app, 'Downgrade');
    expect((await subscribe(account, { plan: 'professional' })).statusCode).toBe(200);
    for (let i = 0; i < 12; i += 1) await createBuilding(t.app, account.headers, { name: `B${i}` });
    for (let i = 0; i < 10; i += 1) {
      await t.app.db.insert(users).values({ organizationId: account.organizationId, email: `m${i}-${randomUUID()}@down.test`, name: `M${i}` });
    }
    const refused = expectProblem(await subscribe(account, { plan: 'starter' }), 409);
    expect(refused.detail).toBe(
      'The starter plan allows 10 buildings; you have 12. The starter plan allows 10 members; you have 11. ' +
        'Delete buildings, remove members, or choose a larger plan.',
    );
    expect((refused as Problem & { exceeded?: unknown }).exceeded).toEqual([
      { limit: 'buildings', allowed: 10, usage: 12 },
      { limit: 'members', allowed: 10, usage: 11 },
    ]);
    expect((await get(account, '/v1/organizations/limits')).json()).toMatchObject({ plan: 'professional', limits: PROFESSIONAL, usage: { buildings: 12, members: 11 } });
  });
});
