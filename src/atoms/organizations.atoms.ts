/**
 * The organization, its plan and usage as Jotai atoms over TanStack Query (issue 5
 * "Organizations, plans and limits"). Failures are not toasted: the settings screen's
 * plan card shows each inline (a refused plan change's detail says which limit).
 */
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { changePlan, organizationKeys, organizationLimitsQueryOptions, organizationsQueryOptions } from '../api/organizations';
import type { OrganizationLimits } from '../api/organizations';

/** The caller's organizations (one) (`['organizations']`). */
export const organizationsAtom = atomWithQuery(() => organizationsQueryOptions());

/** Plan, limits, usage and the plans to choose from (`['organizations', 'limits']`). */
export const organizationLimitsAtom = atomWithQuery(() => organizationLimitsQueryOptions());

/** Changes the plan; the answer replaces the cached limits and the organization list is refetched. */
export const changePlanAtom = atomWithMutation(() => ({
  mutationFn: (plan: string) => changePlan(plan),
  onSuccess: async (limits: OrganizationLimits, _plan, _result, { client }) => {
    client.setQueryData(organizationKeys.limits, limits);
    await client.invalidateQueries({ queryKey: organizationKeys.all, exact: true });
  },
}));
