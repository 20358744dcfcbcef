import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { findUserWithOrganization } from '../auth/repository';
import { ProfileSchema } from '../auth/schemas';
import { organizationView, userView } from '../auth/session';
import { badRequest, unauthorized } from '../http/problem';
import { problemResponses } from '../http/schemas';
import { MemberList, UpdateProfileBody } from './schemas';
import { listMembers, updateProfile } from './repository';

/** True for an absolute https URL with a host: the avatar is loaded by browsers, never over plain http. */
function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * SPEC.md section 7 "Profile update call exists (path not shown)": `PATCH /v1/auth/profile`,
 * beside `GET /v1/auth/profile`, answering the same `{ user, organization }` shape so the
 * client can put it straight into its profile state.
 */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.patch(
    '/auth/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Update the signed-in user’s name and picture (an https URL, or null to remove it)',
        security: [{ bearerAuth: [] }],
        body: UpdateProfileBody,
        response: { 200: ProfileSchema, ...problemResponses },
      },
    },
    async (request) => {
      const { userId, organizationId } = request.auth;
      const name = request.body.name?.trim();
      if (name === '') throw badRequest('The name must not be blank', 'name');
      const { picture } = request.body;
      if (picture !== undefined && picture !== null && !isHttpsUrl(picture)) {
        throw badRequest('picture must be an https URL (https://…), or null to remove the picture', 'picture');
      }
      const updated = await updateProfile(app.db, organizationId, userId, {
        ...(name === undefined ? {} : { name }),
        ...(picture === undefined ? {} : { picture }),
      });
      const found = updated && (await findUserWithOrganization(app.db, updated.id));
      if (!found) throw unauthorized('The account no longer exists');
      return { user: userView(found.user), organization: organizationView(found.organization) };
    },
  );

  // Issue 5 "Inviting": who is already in the organization, beside its pending invitations.
  app.get(
    '/users',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The members of the caller’s organization, oldest first',
        security: [{ bearerAuth: [] }],
        response: { 200: MemberList, ...problemResponses },
      },
    },
    async (request) => ({
      users: (await listMembers(app.db, request.auth.organizationId)).map((row) => ({
        ...userView(row),
        created_at: row.createdAt.toISOString(),
      })),
    }),
  );
};
