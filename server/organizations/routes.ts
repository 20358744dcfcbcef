import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../http/problem';
import { IdParams, ProblemSchema, problemResponses } from '../http/schemas';
import { countUsage, findOrganization } from './repository';
import { LimitsResponse, OrganizationDetailsSchema, OrganizationList, SubscriptionBody } from './schemas';
import { changePlan } from './service';
import { limitsView, organizationDetailsView } from './view';

const security = [{ bearerAuth: [] }];
const tags = ['organizations'];

/**
 * SPEC.md section 7 "Organizations" and issue 5 "Organizations, plans and limits": the
 * caller's organization, its plan, limits and usage, and the plan change. A user belongs
 * to one organization, so the list holds one and any other id is a 404.
 */
export const organizationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  const own = async (organizationId: string) => {
    const row = await findOrganization(app.db, organizationId);
    if (!row) throw notFound('Organization');
    return row;
  };

  app.get(
    '/organizations',
    { schema: { tags, security, summary: "The caller's organizations (one: the organization the user belongs to)", response: { 200: OrganizationList, ...problemResponses } } },
    async (request) => ({ organizations: [organizationDetailsView(await own(request.auth.organizationId))] }),
  );

  app.get(
    '/organizations/limits',
    { schema: { tags, security, summary: "The organization's plan, its limits, current usage, and the plans to choose from", response: { 200: LimitsResponse, ...problemResponses } } },
    async (request) => {
      const { organizationId } = request.auth;
      const row = await own(organizationId);
      return limitsView(row, await countUsage(app.db, organizationId));
    },
  );

  app.get(
    '/organizations/:id',
    { schema: { tags, security, summary: 'An organization (only the caller’s own; any other id is a 404)', params: IdParams, response: { 200: OrganizationDetailsSchema, ...problemResponses } } },
    async (request) => {
      if (request.params.id !== request.auth.organizationId) throw notFound('Organization');
      return organizationDetailsView(await own(request.params.id));
    },
  );

  app.post(
    '/organizations/subscription',
    {
      schema: {
        tags,
        security,
        summary: 'Change the plan; its limits replace the current ones. Refused (409) when current usage is above a limit of the new plan',
        body: SubscriptionBody,
        response: { 200: LimitsResponse, ...problemResponses, 409: ProblemSchema },
      },
    },
    async (request) => {
      const { organization, usage } = await changePlan(app.db, request.auth.organizationId, request.body.plan);
      return limitsView(organization, usage);
    },
  );
};
