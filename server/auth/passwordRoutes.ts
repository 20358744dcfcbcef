import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { acceptInvitation, previewInvitation } from '../invitations/accept';
import { HttpProblem, badRequest, unauthorized } from '../http/problem';
import { ProblemSchema, problemResponses } from '../http/schemas';
import { MailQueue } from '../mail/mailQueue';
import { LoginThrottle } from './loginThrottle';
import { assertPasswordPolicy } from './passwordPolicy';
import { revokeUserSessions, updatePasswordHash } from './passwordRepository';
import { resetPassword, sendPasswordResetLink } from './passwordReset';
import { ChangePasswordBody, ResetBody, ResetRequestAccepted, ResetRequestBody, SetupBody, SetupPreview, SetupPreviewBody } from './passwordSchemas';
import { hashPassword, verifyPassword } from './passwords';
import { findUserWithOrganization } from './repository';
import { SessionSchema } from './schemas';
import { organizationView, startSession, userView } from './session';

const tags = ['auth'];
const HOUR_MS = 60 * 60 * 1000;
const RESET_REQUESTED = { message: 'If an account uses this email, a password reset link is on its way. It works once, for 1 hour.' };

const tooMany = (what: string, waitS: number) =>
  new HttpProblem(429, `Too many ${what}; try again in ${Math.ceil(waitS / 60)} minute(s)`, { headers: { 'retry-after': String(waitS) } });

/**
 * SPEC.md section 7 "Auth" password calls beyond sign-in (issue 5): reset request and
 * reset by mailed link, password setup by invitation link, and password change.
 * `now` is the clock of link expiry and of the throttles (tests move it).
 */
export const passwordRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string; now?: () => Date }> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const nowMs = () => now().getTime();
  // Every reset request counts, known email or not: 3 an hour per email, 10 an hour per address.
  const resetThrottle = new LoginThrottle({ maxPerAccount: 3, maxPerAddress: 10, windowMs: HOUR_MS, now: nowMs });
  // Wrong current passwords on the change call, per user (the address limit is the login one's).
  const changeThrottle = new LoginThrottle({ maxPerAccount: 5, maxPerAddress: 20, windowMs: 15 * 60 * 1000, now: nowMs });
  const mailQueue = new MailQueue(app.log);
  app.addHook('onClose', () => mailQueue.idle());
  const sign = (claims: { sub: string; org: string; sid: string }) => app.jwt.sign(claims);

  app.post(
    '/auth/password/reset-request',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Mail a single-use password reset link (valid 1 hour); 202 with the same body whether or not the email has an account',
        body: ResetRequestBody,
        response: { 202: ResetRequestAccepted, 400: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim().toLowerCase();
      const wait = resetThrottle.retryAfter(email, request.ip);
      if (wait > 0) throw tooMany('password reset requests', wait);
      resetThrottle.fail(email, request.ip);
      mailQueue.enqueue('password reset link', () => sendPasswordResetLink({ db: app.db, mailer: app.mailer, publicUrl: options.publicUrl, now }, email));
      return reply.status(202).send(RESET_REQUESTED);
    },
  );

  app.post(
    '/auth/password/reset',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Set a new password from a reset link; consumes the link and signs out every session',
        body: ResetBody,
        response: { 204: Type.Null(), 400: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      assertPasswordPolicy(request.body.password, 'password');
      await resetPassword(app.db, request.body, now);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/password/setup',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Set a password from an invitation link: creates the account in the inviting organization and signs in',
        body: SetupBody,
        response: { 200: SessionSchema, 400: ProblemSchema, 409: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request) => {
      assertPasswordPolicy(request.body.password, 'password');
      const name = request.body.name?.trim();
      if (name === '') throw badRequest('The name must not be blank', 'name');
      const { user, organization } = await acceptInvitation(app.db, { ...request.body, name }, now);
      const tokens = await startSession(app.db, sign, user);
      return { ...tokens, user: userView(user), organization: organizationView(organization) };
    },
  );

  app.post(
    '/auth/password/setup/preview',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Read an invitation link without using it: the invited email, the organization and who invited; 400 naming token when it is invalid, expired or used',
        body: SetupPreviewBody,
        response: { 200: SetupPreview, 400: ProblemSchema, 409: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request) => {
      const preview = await previewInvitation(app.db, request.body.token, now);
      return {
        email: preview.email,
        organization: { name: preview.organizationName },
        invited_by: preview.inviterName === null ? null : { name: preview.inviterName },
        expires_at: preview.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/auth/password/change',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Change the password: checks the current one; signs out every other session, keeps this one',
        security: [{ bearerAuth: [] }],
        body: ChangePasswordBody,
        response: { 204: Type.Null(), ...problemResponses, 429: ProblemSchema },
      },
    },
    async (request, reply) => {
      const { userId, organizationId, sessionId } = request.auth;
      const wait = changeThrottle.retryAfter(userId, request.ip);
      if (wait > 0) throw tooMany('wrong current passwords', wait);
      const found = await findUserWithOrganization(app.db, userId);
      if (!found || found.user.organizationId !== organizationId) throw unauthorized('The account no longer exists');
      if (!(await verifyPassword(found.user.passwordHash, request.body.current_password))) {
        changeThrottle.fail(userId, request.ip);
        throw badRequest(
          found.user.passwordHash === null
            ? 'This account has no password yet (it signs in with Google); set one through “Forgot password” on the sign-in screen'
            : 'The current password is incorrect',
          'current_password',
        );
      }
      changeThrottle.succeed(userId);
      assertPasswordPolicy(request.body.new_password, 'new_password');
      const passwordHash = await hashPassword(request.body.new_password);
      await app.db.transaction(async (tx) => {
        await updatePasswordHash(tx, userId, passwordHash);
        await revokeUserSessions(tx, userId, sessionId);
      });
      return reply.status(204).send(null);
    },
  );
};
