import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount } from './helpers/accounts';
import { fakeClock } from './helpers/fakeClock';
import { CapturingMailer, linkToken } from './helpers/mail';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { startSmtpCapture } from './helpers/smtpCapture';

const HOUR_MS = 60 * 60 * 1000;
const PUBLIC_URL = 'https://floorwatch.example.test';
const NEW_PASSWORD = 'a brand new passphrase';

describe.each(databaseKinds)('password reset (%s)', (kind) => {
  let t: TestApp;
  const mailer = new CapturingMailer();
  const clock = fakeClock();
  let addressCounter = 0;
  /** A client address of its own, so the per-address throttle of one test never touches another. */
  const nextAddress = () => `192.0.2.${++addressCounter}`;

  beforeAll(async () => {
    t = await build(kind, { PUBLIC_URL }, { mailer, accountsClock: clock.now });
  });
  afterAll(() => t?.close());

  const requestReset = (email: string, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/password/reset-request', payload: { email }, remoteAddress });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/password/reset', payload: { token, password }, remoteAddress: nextAddress() });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email, password }, remoteAddress: nextAddress() });
  const profile = (accessToken: string) => t.app.inject({ method: 'GET', url: '/v1/auth/profile', headers: { authorization: `Bearer ${accessToken}` } });

  /** Asks for a reset of `email` and returns the token of the mailed link. */
  async function mailedToken(email: string): Promise<string> {
    expect((await requestReset(email)).statusCode).toBe(202);
    const mail = await mailer.next(email);
    return linkToken(mail.text, PUBLIC_URL, '/reset-password');
  }

  it('answers 202 with the same body for a known and an unknown email, and mails only the known one', async () => {
    const account = await createAccount(t.app, 'Known');
    const unknown = `nobody-${Date.now()}@nowhere.test`;
    const forUnknown = await requestReset(unknown);
    const forKnown = await requestReset(account.email.toUpperCase());
    expect(forUnknown.statusCode).toBe(202);
    expect(forKnown.statusCode).toBe(202);
    expect(forKnown.headers['content-type']).toBe(forUnknown.headers['content-type']);
    expect(forKnown.body).toBe(forUnknown.body);
    expect(forKnown.json()).toEqual({ message: expect.stringContaining('If an account uses this email') });

    // Mail jobs run in order: once the known one's mail is out, the unknown one's job is done.
    const mail = await mailer.next(account.email);
    expect(mailer.to(unknown)).toEqual([]);
    expect(mail.subject).toBe('Reset your Floorwatch password');
    expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
    expect(mail.text).toContain('expires in 1 hour');
    expect(linkToken(mail.text, PUBLIC_URL, '/reset-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers before the mail is sent, so the timing does not tell whether the account exists', async () => {
    const account = await createAccount(t.app, 'Timing');
    mailer.hold();
    try {
      const response = await requestReset(account.email);
      expect(response.statusCode).toBe(202);
      expect(mailer.to(account.email)).toEqual([]);
    } finally {
      mailer.release();
    }
    await mailer.next(account.email);
  });

  it('sets the new password from the link, signs every session out, and the old password stops working', async () => {
    const account = await createAccount(t.app, 'Reset');
    const second = (await login(account.email, account.password)).json<SessionResponse>();
    const token = await mailedToken(account.email);
    const response = await reset(token, NEW_PASSWORD);
    expect(response.statusCode, response.body).toBe(204);

    expectProblem(await profile(account.accessToken), 401, 'session has ended');
    expectProblem(await profile(second.access_token), 401, 'session has ended');
    expectProblem(await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token: second.refresh_token } }), 401);
    expectProblem(await login(account.email, account.password), 401);
    const signedIn = await login(account.email, NEW_PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<SessionResponse>().user.id).toBe(account.userId);
  });

  it('refuses a reused link, and one reset spends every link mailed before it', async () => {
    const account = await createAccount(t.app, 'Reuse');
    const first = await mailedToken(account.email);
    const second = await mailedToken(account.email);
    expect((await reset(second, NEW_PASSWORD)).statusCode).toBe(204);
    const reused = expectProblem(await reset(second, 'yet another passphrase'), 400, 'already used');
    expect(reused.errors).toEqual([{ field: 'token', message: reused.detail }]);
    expectProblem(await reset(first, 'yet another passphrase'), 400, 'already used');
    expect((await login(account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a forged token and an expired one with the same 400', async () => {
    const forged = expectProblem(await reset('Zm9yZ2VkLXRva2VuLXRoYXQtd2FzLW5ldmVyLWlzc3VlZA', NEW_PASSWORD), 400);
    expect(forged.errors?.map((e) => e.field)).toEqual(['token']);
    expect(forged.detail).toBe('This password reset link is invalid or has expired. Ask for a new one from the sign-in screen.');

    const account = await createAccount(t.app, 'Expiry');
    const stillValid = await mailedToken(account.email);
    clock.advance(HOUR_MS - 60_000);
    expect((await reset(stillValid, NEW_PASSWORD)).statusCode).toBe(204);
    const late = await mailedToken(account.email);
    clock.advance(HOUR_MS + 1);
    expect(expectProblem(await reset(late, 'yet another passphrase'), 400).detail).toBe(forged.detail);
    expect((await login(account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('applies the password policy (12 to 128 code points) without spending the link', async () => {
    const account = await createAccount(t.app, 'Policy');
    const token = await mailedToken(account.email);
    expect(expectFieldProblem(await reset(token, 'elevenchars'), 'password').detail).toContain('at least 12 characters long (it has 11)');
    expectProblem(await reset(token, '🔒'.repeat(11)), 400, 'it has 11');
    expectProblem(await reset(token, 'x'.repeat(129)), 400, 'at most 128 characters');
    expect((await reset(token, '🔒'.repeat(12))).statusCode).toBe(204);
    expect((await login(account.email, '🔒'.repeat(12))).statusCode).toBe(200);
  });

  it('names a missing or malformed field', async () => {
    expectFieldProblem(await requestReset('not-an-email'), 'email');
    expectFieldProblem(await t.app.inject({ method: 'POST', url: '/v1/auth/password/reset-request', payload: {} }), 'email');
    expectFieldProblem(await t.app.inject({ method: 'POST', url: '/v1/auth/password/reset', payload: { password: NEW_PASSWORD } }), 'token');
    expectFieldProblem(await t.app.inject({ method: 'POST', url: '/v1/auth/password/reset', payload: { token: 'x' } }), 'password');
  });

  it('limits requests to 3 an hour per email, known or not, with retry-after; the window passes', async () => {
    const account = await createAccount(t.app, 'Flood');
    const unknown = `flood-${Date.now()}@nowhere.test`;
    for (const email of [account.email, unknown]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email)).statusCode).toBe(202);
      const limited = await requestReset(email);
      expectProblem(limited, 429, 'Too many password reset requests');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    }
    for (let i = 0; i < 3; i++) await mailer.next(account.email);
    clock.advance(HOUR_MS);
    expect((await requestReset(account.email)).statusCode).toBe(202);
    await mailer.next(account.email);
    expect(mailer.to(account.email)).toHaveLength(4);
  });

  it('limits requests to 10 an hour per client address', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++) expect((await requestReset(`spray-${i}-${Date.now()}@nowhere.test`, address)).statusCode).toBe(202);
    expectProblem(await requestReset(`spray-x-${Date.now()}@nowhere.test`, address), 429);
    expect((await requestReset(`spray-y-${Date.now()}@nowhere.test`)).statusCode).toBe(202);
  });
});

describe.each(databaseKinds)('password reset through SMTP (%s)', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await build(kind, { PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails the link to the local SMTP server; following it sets the password, which then signs in', async () => {
    const account = await createAccount(t.app, 'Smtp');
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/password/reset-request', payload: { email: account.email } });
    expect(response.statusCode).toBe(202);
    const mail = await smtp.next();
    expect(mail.recipients).toEqual([account.email]);
    expect(mail.headers.from).toBe('Floorwatch <no-reply@localhost>');
    expect(mail.headers.subject).toBe('Reset your Floorwatch password');

    const link = new URL(mail.text.split('\n').find((line) => line.startsWith(`${PUBLIC_URL}/reset-password?`)) ?? '');
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/reset-password`);
    const token = link.searchParams.get('token') ?? '';
    const done = await t.app.inject({ method: 'POST', url: '/v1/auth/password/reset', payload: { token, password: NEW_PASSWORD } });
    expect(done.statusCode, done.body).toBe(204);
    const signedIn = await t.app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email: account.email, password: NEW_PASSWORD } });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<SessionResponse>().user.email).toBe(account.email);
  });
});
