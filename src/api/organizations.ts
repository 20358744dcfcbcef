/**
 * Organizations resource (SPEC.md section 7 "Organizations"; issue 5 "Organizations, plans
 * and limits"): the caller's organization, its plan, limits and usage, and the plan change.
 * Errors are left as thrown by `apiFetch`; callers show them with `problemMessage`.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client';
import { isRecord, numberOr, stringOr, unwrapList } from '../lib/unwrapList';

/** What a plan limits, in the order the settings screen shows them. */
export const LIMIT_NAMES = ['buildings', 'floors', 'devices', 'members'] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** A whole-number count per limited thing: a plan's limits or current usage. */
export type LimitCounts = Record<LimitName, number>;

/** One plan the organization may choose, with its limits. */
export interface PlanOption {
  plan: string;
  limits: LimitCounts;
}

/** `GET /v1/organizations/limits` and the answer of `POST /v1/organizations/subscription`. */
export interface OrganizationLimits {
  plan: string;
  limits: LimitCounts;
  usage: LimitCounts;
  /** Every plan, smallest first. */
  plans: PlanOption[];
}

/** The organization as `GET /v1/organizations` lists it (the fields the screen reads). */
export interface OrganizationSummary {
  id: string;
  name: string;
  plan: string;
}

export const organizationKeys = {
  all: ['organizations'] as const,
  limits: ['organizations', 'limits'] as const,
};

function toCounts(raw: unknown): LimitCounts {
  const record = isRecord(raw) ? raw : {};
  return {
    buildings: numberOr(record.buildings, 0),
    floors: numberOr(record.floors, 0),
    devices: numberOr(record.devices, 0),
    members: numberOr(record.members, 0),
  };
}

/** Turns the limits answer into `OrganizationLimits`; missing counts read as 0, plans without a name are dropped. */
export function toOrganizationLimits(raw: unknown): OrganizationLimits {
  const record = isRecord(raw) ? raw : {};
  const plans = (Array.isArray(record.plans) ? record.plans : [])
    .filter(isRecord)
    .filter((p) => typeof p.plan === 'string')
    .map((p) => ({ plan: p.plan as string, limits: toCounts(p.limits) }));
  return { plan: stringOr(record.plan, ''), limits: toCounts(record.limits), usage: toCounts(record.usage), plans };
}

/** Query options of `GET /v1/organizations/limits`, key `['organizations', 'limits']`. */
export function organizationLimitsQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.limits,
    queryFn: async ({ signal }) => toOrganizationLimits(await apiFetch<unknown>('/organizations/limits', { signal })),
  });
}

/** Query options of `GET /v1/organizations` (a list, or an object holding `organizations`), key `['organizations']`. */
export function organizationsQueryOptions() {
  return queryOptions({
    queryKey: organizationKeys.all,
    queryFn: async ({ signal }): Promise<OrganizationSummary[]> => {
      const list = unwrapList(await apiFetch<unknown>('/organizations', { signal }), ['organizations']) ?? [];
      return list
        .filter(isRecord)
        .filter((o) => typeof o.id === 'string')
        .map((o) => ({ id: o.id as string, name: stringOr(o.name, ''), plan: stringOr(o.plan, '') }));
    },
  });
}

/**
 * `POST /v1/organizations/subscription` with `{ plan }`. Resolves the new limits and usage;
 * throws the fetch error, a 409 problem when current usage is above a limit of `plan`.
 */
export async function changePlan(plan: string): Promise<OrganizationLimits> {
  return toOrganizationLimits(await apiFetch<unknown>('/organizations/subscription', { method: 'POST', body: { plan } }));
}
