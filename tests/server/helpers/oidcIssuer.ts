import { OAuth2Server, Events } from 'oauth2-mock-server';

/** The claims of the Google account a test signs in with. */
export interface TestIdentity {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

type Claims = Record<string, unknown>;

export interface MockIssuer {
  /** The issuer URL (`http://127.0.0.1:<port>`), for OIDC_ISSUER. */
  url: string;
  /** The ID tokens issued from now on carry this account's claims. */
  signInAs(identity: TestIdentity): void;
  /** Changes the claims of the next ID token only (after the identity's are set). */
  tamperNextIdToken(change: (claims: Claims) => void): void;
  /** Replaces the next token response's ID token by the given function of it. */
  replaceNextIdToken(change: (idToken: string) => string): void;
  /** Changes the next redirect from the authorization endpoint back to the app (e.g. its state). */
  tamperNextRedirect(change: (url: URL) => void): void;
  /**
   * Follows an authorization URL as a browser would (the mock signs in at once) and
   * returns the query parameters of its redirect back to the app.
   */
  authorize(authorizationUrl: string): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/**
 * A local OpenID Connect issuer on loopback (oauth2-mock-server, real RS256 keys, PKCE
 * and nonce), standing in for Google. Its ID tokens are told apart from its access tokens
 * by having no `scope` claim.
 */
export async function startMockIssuer(): Promise<MockIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let identity: TestIdentity = { sub: 'google-0', email: 'nobody@example.test', email_verified: true };
  let tamper: ((claims: Claims) => void) | undefined;
  server.service.on(Events.BeforeTokenSigning, (token) => {
    const claims = token.payload as Claims;
    if ('scope' in claims) return;
    Object.assign(claims, { email_verified: true, ...identity });
    const change = tamper;
    tamper = undefined;
    change?.(claims);
  });
  const url = server.issuer.url;
  if (!url) throw new Error('the mock issuer has no URL');
  return {
    url,
    signInAs(next) {
      identity = next;
    },
    tamperNextIdToken(change) {
      tamper = change;
    },
    replaceNextIdToken(change) {
      server.service.once(Events.BeforeResponse, (response) => {
        const body = response.body as Claims;
        if (typeof body.id_token === 'string') body.id_token = change(body.id_token);
      });
    },
    tamperNextRedirect(change) {
      server.service.once(Events.BeforeAuthorizeRedirect, (redirect) => change(redirect.url));
    },
    async authorize(authorizationUrl) {
      const response = await fetch(authorizationUrl, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (response.status !== 302 || !location) throw new Error(`the issuer answered ${response.status}: ${await response.text()}`);
      return Object.fromEntries(new URL(location).searchParams);
    },
    stop: () => server.stop(),
  };
}
