import type { Db } from '../db/client';
import type { OrganizationRow } from '../auth/repository';
import { HttpProblem, badRequest, notFound } from '../http/problem';
import { PLAN_NAMES, PLANS, downgradeDetail, exceededLimits, isPlanName, type LimitCounts } from './plans';
import { countUsage, lockOrganization, setPlan } from './repository';

/**
 * `POST /v1/organizations/subscription`: moves the organization to `plan` and sets its
 * limits to the plan's. The organization row is locked while usage is counted and the
 * plan written (see `lockOrganization`), so no create slips in between and ends up past
 * the new limits.
 * @throws HttpProblem 400 naming `plan` for an unknown plan; 409 with `exceeded` (limit,
 *   allowed, usage per limit) when current usage is above one of the new plan's limits
 */
export async function changePlan(db: Db, organizationId: string, plan: string): Promise<{ organization: OrganizationRow; usage: LimitCounts }> {
  const name = plan.trim().toLowerCase();
  if (!isPlanName(name)) throw badRequest(`plan must be one of ${PLAN_NAMES.join(', ')}; "${plan}" is not a plan`, 'plan');
  return db.transaction(async (tx) => {
    if (!(await lockOrganization(tx, organizationId))) throw notFound('Organization');
    const usage = await countUsage(tx, organizationId);
    const exceeded = exceededLimits(PLANS[name], usage);
    if (exceeded.length > 0) throw new HttpProblem(409, downgradeDetail(name, exceeded), { extensions: { exceeded } });
    const organization = await setPlan(tx, organizationId, name);
    if (!organization) throw notFound('Organization');
    return { organization, usage };
  });
}
