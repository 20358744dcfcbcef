import * as client from 'openid-client';
import { HttpProblem, unauthorized } from '../http/problem';
import { isLoopbackHttp, type GoogleSignInConfig } from './oidcSettings';

/** What a verified ID token says about the person (OpenID Connect Core 5.1). */
export interface VerifiedIdentity {
  /** The issuer's stable id of the account (`sub`). */
  subject: string;
  /** Lower-cased. */
  email: string;
  name: string | undefined;
  picture: string | undefined;
}

/** What `POST /v1/auth/google` kept for the callback, bound to the state. */
export interface PendingLogin {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

/** Seconds an HTTP call to the issuer (discovery, JWKS, token) may take. */
const ISSUER_TIMEOUT_S = 10;

const unreachable = (issuer: string) =>
  new HttpProblem(502, `Google sign-in is unavailable right now: the sign-in provider ${issuer} could not be reached. Try again in a moment.`);

/** The most specific message of an openid-client error: its cause's when that says more. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause;
  return cause instanceof Error && cause.message !== '' ? cause.message : error.message;
}

function isNetworkFailure(error: unknown): boolean {
  const name = error instanceof Error ? error.name : '';
  const causeName = error instanceof Error && error.cause instanceof Error ? error.cause.name : '';
  return name === 'AbortError' || name === 'TimeoutError' || causeName === 'AbortError' || causeName === 'TimeoutError' || (error instanceof TypeError && error.message === 'fetch failed');
}

/**
 * The OpenID Connect authorization-code flow with PKCE against one issuer (Google by
 * default), through openid-client 6. Discovery runs once, on first use, and is retried
 * after a failure. ID tokens are checked for issuer, audience, expiry, nonce and their
 * JWS signature against the issuer's JWKS (non-repudiation checks on: the signature is
 * verified even though the token came over TLS).
 */
export class OidcClient {
  #configuration: Promise<client.Configuration> | undefined;

  constructor(private readonly settings: GoogleSignInConfig) {}

  /** True when `redirectUri` is on the allow-list (exact string match, RFC 9700 section 4.1.3). */
  allowsRedirectUri(redirectUri: string): boolean {
    return this.settings.redirectUris.includes(redirectUri);
  }

  private configuration(): Promise<client.Configuration> {
    this.#configuration ??= client
      .discovery(new URL(this.settings.issuer), this.settings.clientId, this.settings.clientSecret, undefined, {
        timeout: ISSUER_TIMEOUT_S,
        execute: isLoopbackHttp(new URL(this.settings.issuer))
          ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
          : [client.enableNonRepudiationChecks],
      })
      .catch((error: unknown) => {
        this.#configuration = undefined;
        throw error;
      });
    return this.#configuration;
  }

  /**
   * The issuer's authorization URL for a login: `openid email profile`, PKCE S256 with the
   * challenge of `login.codeVerifier`, the state and the nonce.
   * @throws HttpProblem 502 when the issuer's discovery document cannot be fetched
   */
  async authorizationUrl(login: PendingLogin): Promise<string> {
    let configuration: client.Configuration;
    try {
      configuration = await this.configuration();
    } catch {
      throw unreachable(this.settings.issuer);
    }
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: login.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(login.codeVerifier),
      code_challenge_method: 'S256',
      state: login.state,
      nonce: login.nonce,
      prompt: 'select_account',
    });
    return url.href;
  }

  /**
   * Completes a login: validates the authorization response `params` (code, state, iss or
   * error), redeems the code with the PKCE verifier at the token endpoint, and verifies
   * the ID token. The person's email must be verified by the issuer.
   * @throws HttpProblem 401 naming the reason when the provider refused or an ID token
   * check failed; 502 when the issuer could not be reached
   */
  async complete(login: PendingLogin, params: Record<string, string>): Promise<VerifiedIdentity> {
    let configuration: client.Configuration;
    try {
      configuration = await this.configuration();
    } catch {
      throw unreachable(this.settings.issuer);
    }
    const currentUrl = new URL(login.redirectUri);
    for (const [key, value] of Object.entries(params)) currentUrl.searchParams.set(key, value);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: login.state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      if (error instanceof client.AuthorizationResponseError) {
        throw unauthorized(`Google sign-in was not completed: ${error.error_description ?? error.error}. Start again from the sign-in screen.`);
      }
      if (error instanceof client.ResponseBodyError) {
        throw unauthorized(`Google refused the sign-in code (${error.error}${error.error_description ? `: ${error.error_description}` : ''}). Start again from the sign-in screen.`);
      }
      if (isNetworkFailure(error)) throw unreachable(this.settings.issuer);
      throw unauthorized(`The answer from Google could not be verified (${reasonOf(error)}). Start again from the sign-in screen.`);
    }
    const claims = tokens.claims();
    if (!claims) throw unauthorized('Google returned no ID token. Start again from the sign-in screen.');
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (email === '') throw unauthorized('Your Google account did not share an email address, which Floorwatch needs to sign you in.');
    if (claims.email_verified !== true) {
      throw unauthorized(`Google has not verified the email address ${email}. Verify it with Google, then sign in again.`);
    }
    return {
      subject: claims.sub,
      email,
      name: typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim() : undefined,
      picture: typeof claims.picture === 'string' && claims.picture.startsWith('https://') ? claims.picture : undefined,
    };
  }
}
