import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as client from 'openid-client';
import { HttpProblem, badRequest } from '../http/problem';
import { INVALID, USED } from '../invitations/accept';
import { findInvitationByTokenHash } from '../invitations/repository';
import { hashOpaqueToken } from './opaqueToken';
import { ProblemSchema } from '../http/schemas';
import { signInGoogleIdentity } from './googleAccount';
import { CallbackBody, GoogleStartBody, GoogleStartResponse } from './googleSchemas';
import { insertLoginState, takeLoginState } from './loginStateRepository';
import { OidcClient } from './oidc';
import type { GoogleSignInConfig } from './oidcSettings';
import { SessionSchema } from './schemas';
import { organizationView, startSession, userView } from './session';

const tags = ['auth'];
/** How long a started Google sign-in may take before its callback is refused. */
export const LOGIN_STATE_TTL_MS = 10 * 60 * 1000;

const notEnabled = () =>
  new HttpProblem(404, 'Google sign-in is not enabled on this server. Sign in with your email and password, or ask the operator to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.');

/**
 * SPEC.md section 7 "Auth": Google sign-in as an OpenID Connect authorization-code flow
 * with PKCE (RFC 7636) and a nonce. `POST /auth/google` keeps the code verifier and nonce
 * in the database bound to the browser's state; `POST /auth/callback` takes that row away
 * (so a replayed code or state finds nothing), redeems the code, verifies the ID token and
 * answers like password sign-in. A sign-in started from an invitation link carries its
 * token: the invitation is bound to the state and the callback joins its organization.
 * With `google` undefined both routes answer 404.
 * `now` is the clock of state and invitation expiry (tests move it).
 */
export const googleRoutes: FastifyPluginAsyncTypebox<{ google: GoogleSignInConfig | undefined; now?: () => Date }> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  const oidc = options.google && new OidcClient(options.google);
  const sign = (claims: { sub: string; org: string; sid: string }) => app.jwt.sign(claims);

  /** The id of the usable invitation behind a link's token; null without a token. */
  async function invitationOf(token: string | undefined): Promise<string | null> {
    if (token === undefined) return null;
    const invitation = await findInvitationByTokenHash(app.db, hashOpaqueToken(token));
    if (!invitation || invitation.expiresAt.getTime() <= now().getTime()) throw badRequest(INVALID, 'invitation_token');
    if (invitation.acceptedAt !== null) throw badRequest(USED, 'invitation_token');
    return invitation.id;
  }

  app.post(
    '/auth/google',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Start Google sign-in: the authorization URL to send the browser to (state, PKCE S256, nonce kept server-side for 10 minutes)',
        body: GoogleStartBody,
        response: { 200: GoogleStartResponse, 400: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema, 429: ProblemSchema, 502: ProblemSchema },
      },
    },
    async (request) => {
      if (!oidc) throw notEnabled();
      const { redirect_uri: redirectUri, state } = request.body;
      if (!oidc.allowsRedirectUri(redirectUri)) {
        throw badRequest(`redirect_uri ${redirectUri} is not on this server’s allow-list (OIDC_REDIRECT_URIS)`, 'redirect_uri');
      }
      const invitationId = await invitationOf(request.body.invitation_token);
      const login = { state, redirectUri, codeVerifier: client.randomPKCECodeVerifier(), nonce: client.randomNonce() };
      // The URL first: when Google cannot be reached, nothing is stored.
      const authorizationUrl = await oidc.authorizationUrl(login);
      const stored = await insertLoginState(app.db, { ...login, invitationId, expiresAt: new Date(now().getTime() + LOGIN_STATE_TTL_MS) }, now());
      if (!stored) throw new HttpProblem(409, 'This state is already in use by another sign-in. Start Google sign-in again.');
      return { authorization_url: authorizationUrl };
    },
  );

  app.post(
    '/auth/callback',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Finish Google sign-in with the redirect’s parameters: tokens, user and organization (a first sign-in joins the inviting organization or creates one)',
        body: CallbackBody,
        response: { 200: SessionSchema, 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema, 429: ProblemSchema, 502: ProblemSchema },
      },
    },
    async (request) => {
      if (!oidc) throw notEnabled();
      const params = request.body as Record<string, string>;
      const login = await takeLoginState(app.db, request.body.state);
      if (!login) {
        throw badRequest('This Google sign-in was already completed or was not started here (unknown state). Start again from the sign-in screen.', 'state');
      }
      if (login.expiresAt.getTime() <= now().getTime()) {
        throw badRequest('This Google sign-in took longer than 10 minutes and its state has expired. Start again from the sign-in screen.', 'state');
      }
      const identity = await oidc.complete(login, params);
      const { user, organization, outcome } = await signInGoogleIdentity(app.db, identity, now(), login.invitationId);
      request.log.info({ userId: user.id, organizationId: organization.id, outcome }, 'Google sign-in');
      const tokens = await startSession(app.db, sign, user);
      return { ...tokens, user: userView(user), organization: organizationView(organization) };
    },
  );
};
