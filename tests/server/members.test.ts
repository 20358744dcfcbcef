import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount } from './helpers/accounts';
import { CapturingMailer, linkToken } from './helpers/mail';

const PUBLIC_URL = 'https://floorwatch.example.test';

interface Member {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  created_at: string;
}

describe.each(databaseKinds)('GET /v1/users, the organization members (%s)', (kind) => {
  let t: TestApp;
  const mailer = new CapturingMailer();

  beforeAll(async () => {
    t = await build(kind, { PUBLIC_URL }, { mailer });
  });
  afterAll(() => t?.close());

  const members = (headers: { authorization: string }) => t.app.inject({ method: 'GET', url: '/v1/users', headers });

  it('lists the caller’s organization only, oldest first, and an accepted invitation adds the colleague', async () => {
    const account = await createAccount(t.app, 'Members');
    const other = await createAccount(t.app, 'Elsewhere');
    const first = await members(account.headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ users: Member[] }>().users).toEqual([
      { id: account.userId, name: 'Members Admin', email: account.email, picture: null, created_at: expect.any(String) },
    ]);

    const email = `colleague-${Date.now()}@example.test`;
    const invited = await t.app.inject({ method: 'POST', url: '/v1/invitations', headers: account.headers, payload: { email } });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = linkToken((await mailer.next(email)).text, PUBLIC_URL, '/setup-password');
    // A pending invitation is not a member yet.
    expect((await members(account.headers)).json<{ users: Member[] }>().users).toHaveLength(1);
    const setup = await t.app.inject({ method: 'POST', url: '/v1/auth/password/setup', payload: { token, password: 'a colleague passphrase', name: 'Col League' } });
    expect(setup.statusCode, setup.body).toBe(200);

    const after = (await members(account.headers)).json<{ users: Member[] }>().users;
    expect(after.map((m) => [m.email, m.name])).toEqual([
      [account.email, 'Members Admin'],
      [email, 'Col League'],
    ]);
    expect((await members(other.headers)).json<{ users: Member[] }>().users.map((m) => m.email)).toEqual([other.email]);
  });

  it('needs a bearer token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/users' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});
