import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { notFound } from '../http/problem';
import { IdParams, ProblemSchema, problemResponses } from '../http/schemas';
import { deleteOpenInvitation, listPendingInvitations } from './repository';
import { CreateInvitationBody, InvitationList, InvitationSchema } from './schemas';
import { inviteMember } from './service';
import { invitationView } from './view';

const security = [{ bearerAuth: [] }];
const tags = ['invitations'];

/**
 * Issue 5 "Inviting": a member invites a colleague by email into the organization; the
 * mailed link leads to password setup (`POST /v1/auth/password/setup`). Pending
 * invitations count against the plan's members limit. Scoped to the caller's organization.
 */
export const invitationRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string; now?: () => Date }> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/invitations',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Invite a colleague by email: mails a password setup link valid 7 days; 409 when already a member, in another organization, or past the members limit',
        body: CreateInvitationBody,
        response: { 201: InvitationSchema, ...problemResponses, 409: ProblemSchema, 429: ProblemSchema, 502: ProblemSchema },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const invitation = await inviteMember({ db: app.db, mailer: app.mailer, publicUrl: options.publicUrl, now, log: request.log }, request.auth, email);
      return reply.status(201).send(invitationView(invitation));
    },
  );

  app.get(
    '/invitations',
    { schema: { tags, security, summary: 'The organization’s pending invitations (not accepted, not expired), oldest first', response: { 200: InvitationList, ...problemResponses } } },
    async (request) => ({ invitations: (await listPendingInvitations(app.db, request.auth.organizationId, now())).map(invitationView) }),
  );

  app.delete(
    '/invitations/:id',
    {
      schema: { tags, security, summary: 'Revoke an invitation not yet accepted: its link stops working', params: IdParams, response: { 204: Type.Null(), ...problemResponses } },
    },
    async (request, reply) => {
      if (!(await deleteOpenInvitation(app.db, request.auth.organizationId, request.params.id))) throw notFound('Invitation');
      return reply.status(204).send(null);
    },
  );
};
