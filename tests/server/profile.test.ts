import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileResponse, SessionResponse, Tokens } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';

const NEW_PASSWORD = 'a changed passphrase';

describe.each(databaseKinds)('profile update and password change (%s)', (kind) => {
  let t: TestApp;
  let addressCounter = 0;
  const nextAddress = () => `192.0.2.${++addressCounter}`;

  beforeAll(async () => {
    t = await build(kind);
  });
  afterAll(() => t?.close());

  const patchProfile = (account: Account, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/v1/auth/profile', headers: account.headers, payload: payload as Record<string, unknown> });
  const getProfile = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/v1/auth/profile', headers: { authorization: `Bearer ${accessToken}` } });
  const change = (accessToken: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/password/change', headers: { authorization: `Bearer ${accessToken}` }, payload, remoteAddress: nextAddress() });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email, password }, remoteAddress: nextAddress() });

  it('PATCH /v1/auth/profile sets the name (trimmed) and an https picture, and answers like GET /v1/auth/profile', async () => {
    const account = await createAccount(t.app, 'Profile');
    const response = await patchProfile(account, { name: '  Robin Admin  ', picture: 'https://images.example.test/robin.png' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ProfileResponse>();
    expect(body).toEqual({
      user: { id: account.userId, name: 'Robin Admin', email: account.email, picture: 'https://images.example.test/robin.png' },
      organization: { id: account.organizationId, name: 'Profile', plan: expect.any(String) },
    });
    expect((await getProfile(account.accessToken)).json()).toEqual(body);

    const onlyName = await patchProfile(account, { name: 'Robin' });
    expect(onlyName.json<ProfileResponse>().user).toMatchObject({ name: 'Robin', picture: 'https://images.example.test/robin.png' });
    const removed = await patchProfile(account, { picture: null });
    expect(removed.json<ProfileResponse>().user).toMatchObject({ name: 'Robin', picture: null });
  });

  it('refuses a blank name, a picture that is not an https URL, an unknown field and an empty body', async () => {
    const account = await createAccount(t.app, 'BadProfile');
    expectFieldProblem(await patchProfile(account, { name: '   ' }), 'name');
    expectFieldProblem(await patchProfile(account, { name: '' }), 'name');
    expect(expectFieldProblem(await patchProfile(account, { picture: 'http://images.example.test/a.png' }), 'picture').detail).toContain('https URL');
    expectFieldProblem(await patchProfile(account, { picture: 'javascript:alert(1)' }), 'picture');
    expectFieldProblem(await patchProfile(account, { picture: 'not a url' }), 'picture');
    expectFieldProblem(await patchProfile(account, { email: 'other@example.test' }), 'email');
    expectProblem(await patchProfile(account, {}), 400);
    expect((await getProfile(account.accessToken)).json<ProfileResponse>().user).toMatchObject({ name: 'BadProfile Admin', picture: null });
    expectProblem(await t.app.inject({ method: 'PATCH', url: '/v1/auth/profile', payload: { name: 'x' } }), 401);
  });

  it('changes the password: the current session stays, every other one ends, the new password signs in', async () => {
    const account = await createAccount(t.app, 'Change');
    const other = (await login(account.email, account.password)).json<SessionResponse>();
    const response = await change(account.accessToken, { current_password: account.password, new_password: NEW_PASSWORD });
    expect(response.statusCode, response.body).toBe(204);

    expect((await getProfile(account.accessToken)).statusCode).toBe(200);
    const rotated = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token: account.refreshToken } });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect((await getProfile(rotated.json<Tokens>().access_token)).statusCode).toBe(200);
    expectProblem(await getProfile(other.access_token), 401, 'session has ended');
    expectProblem(await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token: other.refresh_token } }), 401);

    expectProblem(await login(account.email, account.password), 401);
    expect((await login(account.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password (400) and a new one that breaks the policy, changing nothing', async () => {
    const account = await createAccount(t.app, 'WrongCurrent');
    const wrong = expectProblem(await change(account.accessToken, { current_password: 'not it at all', new_password: NEW_PASSWORD }), 400);
    expect(wrong.detail).toBe('The current password is incorrect');
    expect(wrong.errors?.map((e) => e.field)).toEqual(['current_password']);
    const short = expectProblem(await change(account.accessToken, { current_password: account.password, new_password: 'short' }), 400);
    expect(short.detail).toContain('at least 12 characters');
    expect(short.errors?.map((e) => e.field)).toEqual(['new_password']);
    expectFieldProblem(await change(account.accessToken, { current_password: account.password }), 'new_password');
    expect((await login(account.email, account.password)).statusCode).toBe(200);
    expectProblem(await t.app.inject({ method: 'POST', url: '/v1/auth/password/change', payload: { current_password: 'x', new_password: NEW_PASSWORD } }), 401);
  });

  it('after 5 wrong current passwords answers 429 with retry-after, even with the right one', async () => {
    const account = await createAccount(t.app, 'Guessing');
    for (let i = 1; i <= 5; i++) expectProblem(await change(account.accessToken, { current_password: `guess number ${i}`, new_password: NEW_PASSWORD }), 400);
    const limited = await change(account.accessToken, { current_password: account.password, new_password: NEW_PASSWORD });
    expectProblem(limited, 429, 'Too many wrong current passwords');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });
});
