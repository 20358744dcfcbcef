import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/problem';
import { isSessionActive } from './repository';
import { ACCESS_TOKEN_TTL_S } from './refreshToken';
import type { AccessClaims } from './session';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who is calling: set by `app.authenticate` on every authenticated route. */
export interface AuthContext {
  userId: string;
  organizationId: string;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for authenticated routes: verifies the bearer access token. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** Verifies an access token given outside the header (the SSE `?token=`). */
    verifyAccessToken: (token: string) => Promise<AuthContext>;
  }
  interface FastifyRequest {
    auth: AuthContext;
  }
}

/**
 * Bearer access tokens: HS256 JWTs that live 15 minutes and name their session. A token
 * whose session was revoked (logout, refresh-token reuse) is refused at once, not when it
 * expires. Every failure is a 401 problem with a detail that says what to do.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, options: { secret: string }) => {
    await app.register(fastifyJwt, {
      secret: options.secret,
      sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL_S },
      verify: { algorithms: ['HS256'] },
    });

    async function toContext(claims: AccessClaims): Promise<AuthContext> {
      // Ids must be UUIDs before they reach a uuid column: anything else is a 401, not a database error.
      if (![claims.sub, claims.org, claims.sid].every((id) => typeof id === 'string' && UUID.test(id))) {
        throw unauthorized('The access token is malformed');
      }
      if (!(await isSessionActive(app.db, claims.sid))) {
        throw unauthorized('The session has ended; sign in again');
      }
      return { userId: claims.sub, organizationId: claims.org, sessionId: claims.sid };
    }

    function explain(error: unknown): never {
      const code = (error as { code?: string }).code ?? '';
      if (code === 'FST_JWT_NO_AUTHORIZATION_IN_HEADER') throw unauthorized('Sign in first: the Authorization: Bearer header is missing');
      if (code.includes('EXPIRED')) throw unauthorized('The access token has expired; refresh it');
      throw unauthorized('The access token is invalid');
    }

    app.decorateRequest('auth', null as unknown as AuthContext);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      let claims: AccessClaims;
      try {
        claims = await request.jwtVerify<AccessClaims>();
      } catch (error) {
        explain(error);
      }
      request.auth = await toContext(claims);
    });

    app.decorate('verifyAccessToken', async (token: string) => {
      let claims: AccessClaims;
      try {
        claims = app.jwt.verify<AccessClaims>(token);
      } catch (error) {
        explain(error);
      }
      return toContext(claims);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
