import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oidcLoginStates, users } from '../../server/db/schema';
import type { SessionResponse } from '../../src/api/types';
import { buildApp } from '../../server/app';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount } from './helpers/accounts';
import { fakeClock } from './helpers/fakeClock';
import { CapturingMailer, linkToken } from './helpers/mail';
import { startMockIssuer, type MockIssuer, type TestIdentity } from './helpers/oidcIssuer';
import { expectFieldProblem, expectProblem } from './helpers/problems';

const PUBLIC_URL = 'https://floorwatch.example.test';
const REDIRECT_URI = `${PUBLIC_URL}/auth/callback`;
const CLIENT_ID = 'floorwatch-test-client';

const newState = () => randomBytes(16).toString('hex');

describe.each(databaseKinds)('Google sign-in, OpenID Connect code flow (%s)', (kind) => {
  let t: TestApp;
  let issuer: MockIssuer;
  const clock = fakeClock();
  const mailer = new CapturingMailer();
  let counter = 0;
  let address = 0;
  const newIdentity = (over: Partial<TestIdentity> = {}): TestIdentity => {
    counter += 1;
    return { sub: `google-${counter}-${Date.now()}`, email: `person${counter}-${Date.now()}@gmail.test`, name: `Person ${counter}`, ...over };
  };
  // Each call comes from an address of its own (TEST-NET-3), under the routes' rate limits.
  const remoteAddress = () => `203.0.113.${(++address % 250) + 1}`;

  beforeAll(async () => {
    issuer = await startMockIssuer();
    t = await build(
      kind,
      {
        PUBLIC_URL,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: 'test-client-secret',
        OIDC_ISSUER: issuer.url,
        OIDC_REDIRECT_URIS: `${REDIRECT_URI}, http://localhost:5173/auth/callback`,
      },
      { mailer, accountsClock: clock.now },
    );
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.stop();
  });

  const start = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/auth/google', payload, remoteAddress: remoteAddress() });
  const callback = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/v1/auth/callback', payload, remoteAddress: remoteAddress() });

  /** Starts a sign-in and follows the authorization URL; returns the redirect's parameters. */
  async function authorize(state = newState()): Promise<Record<string, string>> {
    const response = await start({ redirect_uri: REDIRECT_URI, state });
    expect(response.statusCode, response.body).toBe(200);
    return issuer.authorize(response.json<{ authorization_url: string }>().authorization_url);
  }

  /** Invites `email` into the account's organization; returns the token of the mailed link. */
  async function invitationToken(account: Awaited<ReturnType<typeof createAccount>>, email: string): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/v1/invitations', headers: account.headers, payload: { email } });
    expect(response.statusCode, response.body).toBe(201);
    return linkToken((await mailer.next(email)).text, PUBLIC_URL, '/setup-password');
  }

  /** Starts a sign-in from an invitation link as `identity` and returns the callback's answer. */
  async function signInFromInvitation(token: string, identity: TestIdentity) {
    issuer.signInAs(identity);
    const started = await start({ redirect_uri: REDIRECT_URI, state: newState(), invitation_token: token });
    expect(started.statusCode, started.body).toBe(200);
    return callback(await issuer.authorize(started.json<{ authorization_url: string }>().authorization_url));
  }

  /** A whole sign-in as `identity`, asserting 200. */
  async function signIn(identity: TestIdentity): Promise<SessionResponse> {
    issuer.signInAs(identity);
    const response = await callback(await authorize());
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionResponse>();
  }

  const userCount = async (email: string) => (await t.app.db.select().from(users).where(eq(users.email, email))).length;

  it('says Google is offered: GET /v1/auth/providers answers google: true', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/auth/providers' });
    expect(response.json()).toEqual({ google: true });
  });

  it('POST /v1/auth/google returns the issuer’s authorization URL with PKCE S256, state and nonce; the verifier stays on the server', async () => {
    const state = newState();
    const response = await start({ redirect_uri: REDIRECT_URI, state });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json<{ authorization_url: string }>().authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer.url}/authorize`);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ client_id: CLIENT_ID, redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid email profile', code_challenge_method: 'S256', state });
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.nonce?.length).toBeGreaterThanOrEqual(32);
    const [row] = await t.app.db.select().from(oidcLoginStates).where(eq(oidcLoginStates.state, state));
    expect(row).toMatchObject({ redirectUri: REDIRECT_URI, nonce: q.nonce });
    expect(response.body).not.toContain(row?.codeVerifier);
    expect(row!.expiresAt.getTime() - clock.now().getTime()).toBeGreaterThan(9 * 60 * 1000);
  });

  it('a first sign-in creates the user in a new organization and answers like password sign-in; the next one finds the same user', async () => {
    const identity = newIdentity({ name: 'Grace Hopper', picture: 'https://lh3.googleusercontent.test/grace.png' });
    const first = await signIn(identity);
    expect(first).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      user: { email: identity.email, name: 'Grace Hopper', picture: 'https://lh3.googleusercontent.test/grace.png' },
      organization: { name: 'Grace Hopper’s organization', plan: 'starter' },
    });
    const profile = await t.app.inject({ method: 'GET', url: '/v1/auth/profile', headers: { authorization: `Bearer ${first.access_token}` } });
    expect(profile.json()).toMatchObject({ user: { id: first.user.id }, organization: { id: first.organization.id } });
    const again = await signIn({ ...identity, name: 'Grace B. Hopper' });
    expect(again.user.id).toBe(first.user.id);
    expect(again.organization.id).toBe(first.organization.id);
    expect(await userCount(identity.email)).toBe(1);
  });

  it('a pending invitation for the Google email puts the first sign-in into the inviting organization and consumes the invitation', async () => {
    const inviter = await createAccount(t.app, 'Inviters');
    const identity = newIdentity();
    const invited = await t.app.inject({ method: 'POST', url: '/v1/invitations', headers: inviter.headers, payload: { email: identity.email } });
    expect(invited.statusCode, invited.body).toBe(201);
    const session = await signIn(identity);
    expect(session.organization.id).toBe(inviter.organizationId);
    const pending = await t.app.inject({ method: 'GET', url: '/v1/invitations', headers: inviter.headers });
    expect(pending.json<{ invitations: { email: string }[] }>().invitations.map((i) => i.email)).not.toContain(identity.email);
  });

  it('from an invitation link (invitation_token): the invited Google account joins that organization', async () => {
    const inviter = await createAccount(t.app, 'LinkInviters');
    const identity = newIdentity();
    const response = await signInFromInvitation(await invitationToken(inviter, identity.email), identity);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SessionResponse>().organization.id).toBe(inviter.organizationId);
  });

  it('from an invitation link with another Google account: 409 naming both emails, nothing created, the invitation still open', async () => {
    const inviter = await createAccount(t.app, 'MismatchInviters');
    const invited = newIdentity();
    const token = await invitationToken(inviter, invited.email);
    const other = newIdentity();
    const problem = expectProblem(await signInFromInvitation(token, other), 409, `This invitation is for ${invited.email}`);
    expect(problem.detail).toContain(other.email);
    expect(await userCount(other.email)).toBe(0);
    const retried = await signInFromInvitation(token, invited);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<SessionResponse>().organization.id).toBe(inviter.organizationId);
  });

  it('from an invitation link with a Google account of another organization: 409', async () => {
    const inviter = await createAccount(t.app, 'OtherOrgInviters');
    const elsewhere = newIdentity();
    await signIn(elsewhere);
    const token = await invitationToken(inviter, newIdentity().email);
    expectProblem(await signInFromInvitation(token, elsewhere), 409, 'already has a Floorwatch account in another organization');
  });

  it('refuses a forged or used invitation_token at the start (400 naming invitation_token)', async () => {
    const forged = expectProblem(await start({ redirect_uri: REDIRECT_URI, state: newState(), invitation_token: 'forged-token' }), 400, 'invalid or has expired');
    expect(forged.errors?.map((e) => e.field)).toEqual(['invitation_token']);
    const inviter = await createAccount(t.app, 'UsedInviters');
    const identity = newIdentity();
    const token = await invitationToken(inviter, identity.email);
    expect((await signInFromInvitation(token, identity)).statusCode).toBe(200);
    const used = expectProblem(await start({ redirect_uri: REDIRECT_URI, state: newState(), invitation_token: token }), 400, 'already used');
    expect(used.errors?.map((e) => e.field)).toEqual(['invitation_token']);
  });

  it('links a password user with the same verified email: same user and organization, password still works; another Google account is refused', async () => {
    const account = await createAccount(t.app, 'Linked');
    const identity = newIdentity({ email: account.email });
    const session = await signIn(identity);
    expect(session.user.id).toBe(account.userId);
    expect(session.organization.id).toBe(account.organizationId);
    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email: account.email, password: account.password }, remoteAddress: remoteAddress() });
    expect(login.statusCode).toBe(200);
    issuer.signInAs(newIdentity({ email: account.email }));
    expectProblem(await callback(await authorize()), 409, 'already linked to a different Google account');
  });

  it('a sign-in started on one API node finishes on another node of the same database', async () => {
    const otherNode = await buildApp(t.config, { database: t.database, closeDatabase: false, logger: false, accountsClock: clock.now });
    try {
      const identity = newIdentity();
      issuer.signInAs(identity);
      const params = await authorize();
      const response = await otherNode.inject({ method: 'POST', url: '/v1/auth/callback', payload: params, remoteAddress: remoteAddress() });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<SessionResponse>().user.email).toBe(identity.email);
      expectFieldProblem(await callback(params), 'state');
    } finally {
      await otherNode.close();
    }
  });

  it('refuses a redirect_uri not on the allow-list (400 naming redirect_uri) and stores nothing', async () => {
    const state = newState();
    for (const redirectUri of ['https://evil.example/auth/callback', `${REDIRECT_URI}/`, `${REDIRECT_URI}?next=/x`]) {
      const problem = expectFieldProblem(await start({ redirect_uri: redirectUri, state }), 'redirect_uri');
      expect(problem.detail).toContain('allow-list');
    }
    expect(await t.app.db.select().from(oidcLoginStates).where(eq(oidcLoginStates.state, state))).toEqual([]);
  });

  it('accepts every allow-listed redirect_uri and repeats it in the authorization URL', async () => {
    const response = await start({ redirect_uri: 'http://localhost:5173/auth/callback', state: newState() });
    expect(response.statusCode, response.body).toBe(200);
    expect(new URL(response.json<{ authorization_url: string }>().authorization_url).searchParams.get('redirect_uri')).toBe('http://localhost:5173/auth/callback');
  });

  it('refuses a state that is not 32 hex characters, and a state already in use', async () => {
    for (const state of ['short', 'g'.repeat(32), `${newState()}0`]) expectFieldProblem(await start({ redirect_uri: REDIRECT_URI, state }), 'state');
    const state = newState();
    expect((await start({ redirect_uri: REDIRECT_URI, state })).statusCode).toBe(200);
    expectProblem(await start({ redirect_uri: REDIRECT_URI, state }), 409, 'already in use');
  });

  it.each([
    ['audience', (c: Record<string, unknown>) => (c.aud = 'someone-else'), '"aud"'],
    ['issuer', (c: Record<string, unknown>) => (c.iss = 'https://accounts.evil.test'), '"iss"'],
    ['nonce', (c: Record<string, unknown>) => (c.nonce = 'a-nonce-from-another-login'), '"nonce"'],
    ['expiry', (c: Record<string, unknown>) => (c.exp = Math.floor(Date.now() / 1000) - 3600), '"exp"'],
  ])('refuses an ID token with a wrong %s (401 naming the claim) and creates no user', async (_what, change, claim) => {
    const identity = newIdentity();
    issuer.signInAs(identity);
    const params = await authorize();
    issuer.tamperNextIdToken(change);
    const problem = expectProblem(await callback(params), 401, 'could not be verified');
    expect(problem.detail).toContain(claim);
    expect(await userCount(identity.email)).toBe(0);
  });

  it('refuses an ID token whose signature does not verify against the issuer’s keys', async () => {
    const identity = newIdentity();
    issuer.signInAs(identity);
    const params = await authorize();
    issuer.replaceNextIdToken((token) => {
      const [header, payload, signature = ''] = token.split('.');
      const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
      return `${header}.${payload}.${flipped}`;
    });
    expectProblem(await callback(params), 401, /signature/i);
    expect(await userCount(identity.email)).toBe(0);
  });

  it('refuses an email Google has not verified', async () => {
    const identity = newIdentity({ email_verified: false });
    issuer.signInAs(identity);
    expectProblem(await callback(await authorize()), 401, 'has not verified the email address');
    expect(await userCount(identity.email)).toBe(0);
  });

  it('refuses an unknown state and an expired one (400 naming state)', async () => {
    issuer.signInAs(newIdentity());
    const params = await authorize();
    expect(expectFieldProblem(await callback({ ...params, state: newState() }), 'state').detail).toContain('unknown state');
    clock.advance(10 * 60 * 1000 + 1);
    expect(expectFieldProblem(await callback(params), 'state').detail).toContain('expired');
  });

  it('refuses a replayed code and state: the second callback finds no sign-in', async () => {
    issuer.signInAs(newIdentity());
    const params = await authorize();
    expect((await callback(params)).statusCode).toBe(200);
    expect(expectFieldProblem(await callback(params), 'state').detail).toContain('already completed');
  });

  it('turns a refusal at Google (error=access_denied) into a 401 that says so, and consumes the state', async () => {
    const state = newState();
    expect((await start({ redirect_uri: REDIRECT_URI, state })).statusCode).toBe(200);
    expectProblem(await callback({ state, error: 'access_denied', error_description: 'The user denied access' }), 401, 'The user denied access');
    expectFieldProblem(await callback({ state, code: 'x' }), 'state');
  });
});

describe('Google sign-in when it is not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build('pglite');
  });
  afterAll(() => t?.close());

  it('GET /v1/auth/providers says google: false and both calls answer 404 with a detail saying how to turn it on', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/auth/providers' })).json()).toEqual({ google: false });
    const state = newState();
    expectProblem(await t.app.inject({ method: 'POST', url: '/v1/auth/google', payload: { redirect_uri: `${t.config.publicUrl}/auth/callback`, state } }), 404, 'GOOGLE_CLIENT_ID');
    expectProblem(await t.app.inject({ method: 'POST', url: '/v1/auth/callback', payload: { state, code: 'abc' } }), 404, 'not enabled');
  });
});
