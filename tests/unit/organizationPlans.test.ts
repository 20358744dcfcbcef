import { describe, expect, it } from 'vitest';
import {
  PLANS,
  PLAN_NAMES,
  downgradeDetail,
  exceededLimits,
  isPlanName,
  limitColumns,
  limitReachedDetail,
  limitsOf,
  skippedDevicesDetail,
} from '../../server/organizations/plans';

describe('plans', () => {
  it('grow from starter to enterprise in every limit, in whole numbers', () => {
    for (const [smaller, larger] of [
      ['starter', 'professional'],
      ['professional', 'enterprise'],
    ] as const) {
      for (const limit of ['buildings', 'floors', 'devices', 'members'] as const) {
        expect(PLANS[larger][limit]).toBeGreaterThan(PLANS[smaller][limit]);
        expect(Number.isInteger(PLANS[larger][limit])).toBe(true);
      }
    }
    expect(PLAN_NAMES).toEqual(['starter', 'professional', 'enterprise']);
  });

  it('starter matches the organization columns’ defaults, and the columns round-trip', () => {
    expect(limitColumns('starter')).toEqual({ maxBuildings: 10, maxFloors: 50, maxDevices: 250, maxMembers: 10 });
    expect(limitsOf(limitColumns('enterprise'))).toEqual(PLANS.enterprise);
  });

  it('knows plan names exactly', () => {
    expect(isPlanName('professional')).toBe(true);
    expect(isPlanName('Professional')).toBe(false);
    expect(isPlanName('gold')).toBe(false);
    expect(isPlanName('constructor')).toBe(false);
  });

  it('finds the limits usage goes past; usage equal to a limit is within it', () => {
    const limits = { buildings: 10, floors: 50, devices: 250, members: 10 };
    expect(exceededLimits(limits, { buildings: 10, floors: 50, devices: 250, members: 10 })).toEqual([]);
    expect(exceededLimits(limits, { buildings: 12, floors: 50, devices: 251, members: 1 })).toEqual([
      { limit: 'buildings', allowed: 10, usage: 12 },
      { limit: 'devices', allowed: 250, usage: 251 },
    ]);
  });

  it('words a refused plan change with each limit, its usage and what to do', () => {
    expect(downgradeDetail('starter', [{ limit: 'buildings', allowed: 10, usage: 12 }])).toBe(
      'The starter plan allows 10 buildings; you have 12. Delete buildings or choose a larger plan.',
    );
    expect(
      downgradeDetail('starter', [
        { limit: 'buildings', allowed: 10, usage: 12 },
        { limit: 'floors', allowed: 50, usage: 51 },
        { limit: 'members', allowed: 10, usage: 11 },
      ]),
    ).toBe(
      'The starter plan allows 10 buildings; you have 12. The starter plan allows 50 floors; you have 51. ' +
        'The starter plan allows 10 members; you have 11. Delete buildings and floors, remove members, or choose a larger plan.',
    );
    expect(downgradeDetail('professional', [{ limit: 'members', allowed: 1, usage: 2 }])).toBe(
      'The professional plan allows 1 member; you have 2. Remove members or choose a larger plan.',
    );
  });

  it('words a refused create with the limit and where to raise it', () => {
    expect(limitReachedDetail('buildings', 10, 10)).toBe('Your plan allows 10 buildings. Choose a larger plan in Settings → Organization to add more.');
    expect(limitReachedDetail('devices', 250, 245, 12)).toBe(
      'Your plan allows 250 devices; you have 245 and this would add 12. Choose a larger plan in Settings → Organization to add more.',
    );
    expect(limitReachedDetail('floors', 1, 1)).toBe('Your plan allows 1 floor. Choose a larger plan in Settings → Organization to add more.');
  });

  it('words the devices a sync skipped at the limit', () => {
    expect(skippedDevicesDetail(3, 250)).toBe('3 devices VORTEX lists were not added: your plan allows 250 devices. Choose a larger plan in Settings → Organization to add them.');
    expect(skippedDevicesDetail(1, 1)).toBe('1 device VORTEX lists was not added: your plan allows 1 device. Choose a larger plan in Settings → Organization to add them.');
  });
});
