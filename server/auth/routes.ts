import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { HttpProblem, unauthorized } from '../http/problem';
import { ProblemSchema, problemResponses } from '../http/schemas';
import { LoginThrottle } from './loginThrottle';
import { verifyPassword } from './passwords';
import { findUserByEmail, findUserWithOrganization } from './repository';
import { LoginBody, LogoutBody, ProfileSchema, RefreshBody, SessionSchema, TokensSchema } from './schemas';
import { endSession, organizationView, rotateSession, startSession, userView } from './session';

/** Same answer for an unknown email and a wrong password, so it never tells which. */
const BAD_CREDENTIALS = 'Email or password is incorrect';

/** SPEC.md section 7 "Auth": password sign-in, refresh, profile, logout. */
export const authRoutes: FastifyPluginAsyncTypebox<{ googleConfigured: boolean }> = async (app, options) => {
  const throttle = new LoginThrottle({ maxPerAccount: 5, maxPerAddress: 20, windowMs: 15 * 60 * 1000 });
  const sign = (claims: { sub: string; org: string; sid: string }) => app.jwt.sign(claims);

  app.get(
    '/auth/providers',
    { schema: { tags: ['auth'], summary: 'Sign-in methods offered', response: { 200: Type.Object({ google: Type.Boolean() }) } } },
    async () => ({ google: options.googleConfigured }),
  );

  app.post(
    '/auth/password/login',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginBody,
        response: { 200: SessionSchema, 400: ProblemSchema, 401: ProblemSchema, 429: ProblemSchema },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const wait = throttle.retryAfter(email, request.ip);
      if (wait > 0) {
        throw new HttpProblem(429, `Too many failed sign-ins; try again in ${Math.ceil(wait / 60)} minute(s)`, {
          headers: { 'retry-after': String(wait) },
        });
      }
      const user = await findUserByEmail(app.db, email);
      const ok = await verifyPassword(user?.passwordHash ?? null, request.body.password);
      if (!user || !ok) {
        throttle.fail(email, request.ip);
        throw unauthorized(BAD_CREDENTIALS);
      }
      throttle.succeed(email);
      const found = await findUserWithOrganization(app.db, user.id);
      if (!found) throw unauthorized(BAD_CREDENTIALS);
      const tokens = await startSession(app.db, sign, user);
      return { ...tokens, user: userView(found.user), organization: organizationView(found.organization) };
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new access token',
        body: RefreshBody,
        response: { 200: TokensSchema, 400: ProblemSchema, 401: ProblemSchema },
      },
    },
    async (request) => rotateSession(app.db, sign, request.body.refresh_token),
  );

  app.get(
    '/auth/profile',
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], summary: 'The signed-in user and organization', security: [{ bearerAuth: [] }], response: { 200: ProfileSchema, ...problemResponses } },
    },
    async (request) => {
      const found = await findUserWithOrganization(app.db, request.auth.userId);
      if (!found || found.user.organizationId !== request.auth.organizationId) throw unauthorized('The account no longer exists');
      return { user: userView(found.user), organization: organizationView(found.organization) };
    },
  );

  app.post(
    '/auth/logout',
    {
      preHandler: app.authenticate,
      // The body is optional: a bare POST signs out the access token's session.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke the session and its refresh tokens',
        security: [{ bearerAuth: [] }],
        body: Type.Optional(LogoutBody),
        response: { 204: Type.Null(), ...problemResponses },
      },
    },
    async (request, reply) => {
      await endSession(app.db, request.auth, request.body?.refresh_token);
      return reply.status(204).send(null);
    },
  );
};
