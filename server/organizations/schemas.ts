import { Type } from 'typebox';
import { IsoDate, Uuid } from '../http/schemas';
import { PLAN_NAMES } from './plans';

/** TypeBox schemas of the organization routes (SPEC.md section 7 "Organizations"; issue 5). */

const count = (description: string) => Type.Integer({ minimum: 0, description });

/** A count per limited thing: a plan's limits or the organization's usage. */
export const LimitCountsSchema = Type.Object(
  {
    buildings: count('Buildings'),
    floors: count('Floors, across all buildings'),
    devices: count('Devices the organization knows, placed or not'),
    members: count('Users of the organization'),
  },
  { $id: 'LimitCounts' },
);

export const OrganizationDetailsSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    plan: Type.String({ description: PLAN_NAMES.join(', ') }),
    limits: LimitCountsSchema,
    created_at: IsoDate,
  },
  { $id: 'OrganizationDetails' },
);

export const OrganizationList = Type.Object({ organizations: Type.Array(OrganizationDetailsSchema) });

export const PlanSchema = Type.Object({ plan: Type.String(), limits: LimitCountsSchema });

export const LimitsResponse = Type.Object(
  {
    plan: Type.String({ description: PLAN_NAMES.join(', ') }),
    limits: LimitCountsSchema,
    usage: LimitCountsSchema,
    plans: Type.Array(PlanSchema, { description: 'Every plan with its limits, smallest first' }),
  },
  { $id: 'OrganizationLimits' },
);

/**
 * The plan is any string here and checked by the service, so an unknown plan's 400 can
 * list the plans there are.
 */
export const SubscriptionBody = Type.Object(
  { plan: Type.String({ minLength: 1, maxLength: 64, description: `One of ${PLAN_NAMES.join(', ')}` }) },
  { additionalProperties: false },
);
