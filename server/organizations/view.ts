import type { OrganizationRow } from '../auth/repository';
import { PLAN_NAMES, PLANS, limitsOf, type LimitCounts } from './plans';

/** The wire view of an organization (`GET /v1/organizations`, `GET /v1/organizations/{id}`). */
export const organizationDetailsView = (row: OrganizationRow) => ({
  id: row.id,
  name: row.name,
  plan: row.plan,
  limits: limitsOf(row),
  created_at: row.createdAt.toISOString(),
});

/** Every plan with its limits, smallest first (a fresh copy, so a caller cannot change PLANS). */
export const plansView = () => PLAN_NAMES.map((plan) => ({ plan, limits: { ...PLANS[plan] } }));

/** The wire view of `GET /v1/organizations/limits`: plan, its limits, current usage, and the plans to choose from. */
export const limitsView = (row: OrganizationRow, usage: LimitCounts) => ({
  plan: row.plan,
  limits: limitsOf(row),
  usage,
  plans: plansView(),
});
