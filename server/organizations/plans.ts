/**
 * Plans as data (issue 5 "Organizations, plans and limits"): each plan's name and its
 * limits. Pure: no database, no Fastify. The organization row keeps its own copy of the
 * limits (`max_buildings` …), set from the plan when the plan changes, so enforcement
 * reads one row and an operator may still give one organization custom limits.
 */

/** What a plan limits, in the wire's words (the `limit` member of a limit problem). */
export const LIMIT_NAMES = ['buildings', 'floors', 'devices', 'members'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** A count per limited thing (limits or usage), whole numbers. */
export type LimitCounts = Record<LimitName, number>;

export const PLAN_NAMES = ['starter', 'professional', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/**
 * The plans, smallest first. Starter's limits are the schema's column defaults
 * (server/db/schema/organizations.ts), so a new organization matches its plan.
 */
export const PLANS: Readonly<Record<PlanName, Readonly<LimitCounts>>> = {
  starter: { buildings: 10, floors: 50, devices: 250, members: 10 },
  professional: { buildings: 50, floors: 250, devices: 2_500, members: 50 },
  enterprise: { buildings: 1_000, floors: 10_000, devices: 100_000, members: 1_000 },
};

/** True for a known plan name (exact, lower case). */
export function isPlanName(value: string): value is PlanName {
  return (PLAN_NAMES as readonly string[]).includes(value);
}

/** The organization columns holding a plan's limits, for an insert or update. */
export function limitColumns(plan: PlanName): { maxBuildings: number; maxFloors: number; maxDevices: number; maxMembers: number } {
  const limits = PLANS[plan];
  return { maxBuildings: limits.buildings, maxFloors: limits.floors, maxDevices: limits.devices, maxMembers: limits.members };
}

/** The limits stored on an organization row, by wire name. */
export function limitsOf(row: { maxBuildings: number; maxFloors: number; maxDevices: number; maxMembers: number }): LimitCounts {
  return { buildings: row.maxBuildings, floors: row.maxFloors, devices: row.maxDevices, members: row.maxMembers };
}

/** One limit that current usage goes past. */
export interface ExceededLimit {
  limit: LimitName;
  allowed: number;
  usage: number;
}

/** The limits `usage` goes past (usage equal to a limit is within it), in LIMIT_NAMES order. */
export function exceededLimits(limits: LimitCounts, usage: LimitCounts): ExceededLimit[] {
  return LIMIT_NAMES.filter((limit) => usage[limit] > limits[limit]).map((limit) => ({ limit, allowed: limits[limit], usage: usage[limit] }));
}

const SINGULAR: Record<LimitName, string> = { buildings: 'building', floors: 'floor', devices: 'device', members: 'member' };

/** "1 building", "10 buildings". */
export function countOf(limit: LimitName, n: number): string {
  return `${n} ${n === 1 ? SINGULAR[limit] : limit}`;
}

/** "a", "a and b", "a, b and c". */
function joinAnd(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/**
 * Why a plan change is refused, one sentence per exceeded limit and then what to do:
 * "The starter plan allows 10 buildings; you have 12. Delete buildings or choose a larger plan."
 */
export function downgradeDetail(plan: PlanName, exceeded: readonly ExceededLimit[]): string {
  const reasons = exceeded.map((e) => `The ${plan} plan allows ${countOf(e.limit, e.allowed)}; you have ${e.usage}.`);
  const deletable = exceeded.filter((e) => e.limit !== 'members').map((e) => e.limit);
  const groups = [
    ...(deletable.length > 0 ? [`delete ${joinAnd(deletable)}`] : []),
    ...(exceeded.some((e) => e.limit === 'members') ? ['remove members'] : []),
  ];
  const actions = groups.length > 1 ? `${groups.join(', ')},` : groups.join('');
  const advice = `${actions.charAt(0).toUpperCase()}${actions.slice(1)} or choose a larger plan.`;
  return [...reasons, advice].join(' ');
}

/** Where a user raises the limits (the settings screen's organization section). */
const RAISE_LIMIT_ADVICE = 'Choose a larger plan in Settings → Organization to add more.';

/**
 * Why a create or import is refused: "Your plan allows 10 buildings. Choose a larger plan
 * in Settings → Organization to add more." With `adding` above 1 (an import), the detail
 * also says how many there are and how many the request would add.
 */
export function limitReachedDetail(limit: LimitName, allowed: number, usage: number, adding = 1): string {
  const context = adding > 1 ? `; you have ${usage} and this would add ${adding}` : '';
  return `Your plan allows ${countOf(limit, allowed)}${context}. ${RAISE_LIMIT_ADVICE}`;
}

/**
 * What a VORTEX sync says about new devices it skipped at the device limit: "3 devices
 * VORTEX lists were not added: your plan allows 250 devices. Choose a larger plan in
 * Settings → Organization to add them."
 */
export function skippedDevicesDetail(skipped: number, allowed: number): string {
  const what = skipped === 1 ? '1 device VORTEX lists was' : `${skipped} devices VORTEX lists were`;
  return `${what} not added: your plan allows ${countOf('devices', allowed)}. Choose a larger plan in Settings → Organization to add them.`;
}
