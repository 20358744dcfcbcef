import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import type { ProfileResponse, SessionResponse, Tokens } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { jwtClaims, signJwt } from './helpers/tokens';

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

describe.each(databaseKinds)('auth (%s)', (kind) => {
  let t: TestApp;
  let addressCounter = 0;
  /** A client address of its own, so the per-address sign-in throttle of one test never touches another. */
  const nextAddress = () => `203.0.113.${++addressCounter}`;

  beforeAll(async () => {
    t = await build(kind);
  });
  afterAll(() => t?.close());

  const login = (email: string, password: string, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email, password }, remoteAddress });
  const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token: refreshToken } });
  const profile = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/v1/auth/profile', headers: { authorization: `Bearer ${accessToken}` } });

  function expectExpiresInAboutFifteenMinutes(expiresAt: string, before: number) {
    expect(new Date(expiresAt).toISOString()).toBe(expiresAt);
    const ms = new Date(expiresAt).getTime();
    expect(ms).toBeGreaterThanOrEqual(before + FIFTEEN_MINUTES_MS - 1000);
    expect(ms).toBeLessThanOrEqual(Date.now() + FIFTEEN_MINUTES_MS + 1000);
  }

  it('GET /v1/auth/providers tells the login screen Google is off', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ google: false });
  });

  it('signs in with email and password: tokens, expires_at about 15 minutes ahead, user and organization', async () => {
    const account = await createAccount(t.app, 'Login');
    const before = Date.now();
    const response = await login(account.email.toUpperCase(), account.password);
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json<SessionResponse>();
    expect(session.access_token.split('.')).toHaveLength(3);
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(43);
    expect(session.refresh_token).not.toBe(account.refreshToken);
    expectExpiresInAboutFifteenMinutes(session.expires_at, before);
    expect(jwtClaims(session.access_token)).toMatchObject({ sub: account.userId, org: account.organizationId });
    expect(session.user).toEqual({ id: account.userId, name: 'Login Admin', email: account.email, picture: null });
    expect(session.organization).toEqual({ id: account.organizationId, name: 'Login', plan: expect.any(String) });
  });

  it('gives the same 401 body for a wrong password and an unknown email', async () => {
    const account = await createAccount(t.app, 'Wrong');
    const wrongPassword = await login(account.email, 'not the password');
    const unknownEmail = await login(`nobody-${Date.now()}@nowhere.test`, account.password);
    const problem = expectProblem(wrongPassword, 401, 'Email or password is incorrect');
    expectProblem(unknownEmail, 401);
    expect(unknownEmail.json()).toEqual(problem);
    expect(wrongPassword.headers['www-authenticate']).toBe('Bearer');
    expect(unknownEmail.headers['www-authenticate']).toBe('Bearer');
  });

  it('names the missing field of a login body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email: 'a@b.test' } });
    expectFieldProblem(response, 'password');
  });

  it('locks an account after 5 failed sign-ins: the 6th answers 429 with retry-after, even with the right password', async () => {
    const account = await createAccount(t.app, 'Locked');
    const address = nextAddress();
    for (let attempt = 1; attempt <= 5; attempt++) expectProblem(await login(account.email, `wrong ${attempt}`, address), 401);
    const sixth = await login(account.email, 'wrong 6', address);
    expectProblem(sixth, 429, 'Too many failed sign-ins');
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The limit is per account: from a fresh address the right password is still refused…
    expectProblem(await login(account.email, account.password), 429);
    // …while another account signs in from the same address.
    const other = await createAccount(t.app, 'Unlocked');
    expect((await login(other.email, other.password, address)).statusCode).toBe(200);
  });

  it('limits failed sign-ins per client address: after 20, even a real account is refused from there', async () => {
    const account = await createAccount(t.app, 'Spray');
    const address = nextAddress();
    for (let attempt = 1; attempt <= 20; attempt++) {
      expectProblem(await login(`guess-${attempt}-${Date.now()}@spray.test`, 'hunter2', address), 401);
    }
    const blocked = await login(account.email, account.password, address);
    expectProblem(blocked, 429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('limits sign-in requests to 30 a minute per address: the 31st is a 429 problem with retry-after', async () => {
    const address = nextAddress();
    const attempt = () => t.app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email: 'x' }, remoteAddress: address });
    for (let i = 1; i <= 30; i++) expectProblem(await attempt(), 400);
    const limited = await attempt();
    expectProblem(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stores the password as argon2id with m=19456, t=2, p=1', async () => {
    const account = await createAccount(t.app, 'Hash');
    const [row] = await t.app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, account.userId));
    expect(row?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(row?.hash).not.toContain(account.password);
  });

  it('rotates the refresh token: a new one that differs, a working access token, and the old one refused', async () => {
    const account = await createAccount(t.app, 'Rotate');
    const before = Date.now();
    const response = await refresh(account.refreshToken);
    expect(response.statusCode, response.body).toBe(200);
    const tokens = response.json<Tokens>();
    expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires_at', 'refresh_token']);
    expect(tokens.refresh_token).not.toBe(account.refreshToken);
    expectExpiresInAboutFifteenMinutes(tokens.expires_at, before);
    expect((await profile(tokens.access_token)).statusCode).toBe(200);
    expectProblem(await refresh(account.refreshToken), 401, 'already used');
  });

  it('revokes the whole session when a rotated refresh token is reused', async () => {
    const account = await createAccount(t.app, 'Reuse');
    const otherSession = (await login(account.email, account.password)).json<SessionResponse>();
    const second = (await refresh(account.refreshToken)).json<Tokens>();
    const third = (await refresh(second.refresh_token)).json<Tokens>();
    expect(third.refresh_token).not.toBe(second.refresh_token);

    expectProblem(await refresh(account.refreshToken), 401, 'already used');
    expectProblem(await refresh(third.refresh_token), 401);
    for (const token of [account.accessToken, second.access_token, third.access_token]) {
      expectProblem(await profile(token), 401, 'session has ended');
    }
    // Another sign-in of the same user is another session and keeps working.
    expect((await profile(otherSession.access_token)).statusCode).toBe(200);
    expect((await refresh(otherSession.refresh_token)).statusCode).toBe(200);
  });

  it('refuses an unknown refresh token with 401 and a missing one with 400 naming the field', async () => {
    expectProblem(await refresh('not-a-token-we-issued'), 401, 'invalid');
    expectFieldProblem(await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: {} }), 'refresh_token');
  });

  it('GET /v1/auth/profile returns the signed-in user and organization', async () => {
    const account = await createAccount(t.app, 'Profile');
    const response = await profile(account.accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json<ProfileResponse>()).toEqual({
      user: { id: account.userId, name: 'Profile Admin', email: account.email, picture: null },
      organization: { id: account.organizationId, name: 'Profile', plan: expect.any(String) },
    });
  });

  it('logout revokes the session: its access token gets 401 and its refresh token fails', async () => {
    const account = await createAccount(t.app, 'Logout');
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: account.headers, payload: { refresh_token: account.refreshToken } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectProblem(await profile(account.accessToken), 401, 'session has ended');
    expectProblem(await refresh(account.refreshToken), 401);
  });

  it('logout without a body also ends the session of the access token', async () => {
    const account = await createAccount(t.app, 'LogoutBare');
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: account.headers })).statusCode).toBe(204);
    expectProblem(await profile(account.accessToken), 401);
    expectProblem(await refresh(account.refreshToken), 401);
  });

  describe('refused access tokens', () => {
    let account: Account;
    beforeAll(async () => {
      account = await createAccount(t.app, 'Tokens');
    });

    const claims = () => ({ ...jwtClaims(account.accessToken) });

    it('a missing Authorization header', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/v1/buildings' });
      expectProblem(response, 401, 'Authorization: Bearer header is missing');
      expect(response.headers['www-authenticate']).toBe('Bearer');
    });

    it('an expired token (signed with the server secret, exp in the past)', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = signJwt({ ...claims(), iat: now - 1000, exp: now - 100 }, t.config.jwtSecret);
      expectProblem(await profile(expired), 401, 'expired');
    });

    it('an expired token made by app.jwt.sign', async () => {
      const { sub, org, sid } = claims() as { sub: string; org: string; sid: string };
      // fast-jwt counts expiry from `iat` when the payload carries one: an hour ago plus 15 minutes is past.
      const claimsIssuedAnHourAgo = { sub, org, sid, iat: Math.floor(Date.now() / 1000) - 3600 };
      const token = t.app.jwt.sign(claimsIssuedAnHourAgo);
      expectProblem(await profile(token), 401, 'expired');
    });

    it('a malformed token', async () => {
      expectProblem(await profile('not.a.jwt'), 401, 'invalid');
      expectProblem(await profile('garbage'), 401, 'invalid');
    });

    it('a token signed with another secret', async () => {
      const forged = signJwt({ ...claims(), exp: Math.floor(Date.now() / 1000) + 600 }, 'another-secret-another-secret-another-secret');
      expectProblem(await profile(forged), 401, 'invalid');
    });

    it('a correctly signed token whose claims are not ours (no session id, or one that is not a UUID)', async () => {
      const exp = Math.floor(Date.now() / 1000) + 600;
      const { sub, org } = claims();
      expectProblem(await profile(signJwt({ sub, org, exp }, t.config.jwtSecret)), 401);
      expectProblem(await profile(signJwt({ sub, org, sid: 'not-a-uuid', exp }, t.config.jwtSecret)), 401);
    });

    it('the right token still works', async () => {
      expect((await profile(account.accessToken)).statusCode).toBe(200);
    });
  });
});
