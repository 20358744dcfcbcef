import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations, users } from '../../server/db/schema';
import type { SessionResponse } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { fakeClock } from './helpers/fakeClock';
import { createBuilding } from './helpers/fixtures';
import { CapturingMailer, linkToken } from './helpers/mail';
import { expectFieldProblem, expectProblem } from './helpers/problems';

const DAY_MS = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://floorwatch.example.test';
const PASSWORD = 'my colleague passphrase';

interface Invitation {
  id: string;
  email: string;
  invited_by: { id: string; name: string; email: string } | null;
  created_at: string;
  expires_at: string;
}

describe.each(databaseKinds)('invitations and password setup (%s)', (kind) => {
  let t: TestApp;
  const mailer = new CapturingMailer();
  const clock = fakeClock();
  let counter = 0;
  const newEmail = () => `colleague${++counter}-${Date.now()}@example.test`;

  beforeAll(async () => {
    t = await build(kind, { PUBLIC_URL }, { mailer, accountsClock: clock.now });
  });
  afterAll(() => t?.close());

  const invite = (account: Account, email: string) =>
    t.app.inject({ method: 'POST', url: '/v1/invitations', headers: account.headers, payload: { email } });
  const list = async (account: Account) => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/invitations', headers: account.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ invitations: Invitation[] }>().invitations;
  };
  const setup = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/password/setup', payload, remoteAddress: `192.0.2.${(++counter % 250) + 1}` });
  const setMaxMembers = (organizationId: string, maxMembers: number) =>
    t.app.db.update(organizations).set({ maxMembers }).where(eq(organizations.id, organizationId));

  /** Invites `email` (asserting 201) and returns the invitation and the token of its mailed link. */
  async function invited(account: Account, email: string): Promise<{ invitation: Invitation; token: string }> {
    const response = await invite(account, email);
    expect(response.statusCode, response.body).toBe(201);
    const mail = await mailer.next(email.toLowerCase());
    return { invitation: response.json<Invitation>(), token: linkToken(mail.text, PUBLIC_URL, '/setup-password') };
  }

  it('invites a colleague: 201 with the invitation, a mail with the setup link valid 7 days, and it is listed', async () => {
    const account = await createAccount(t.app, 'Inviting');
    const email = newEmail();
    const response = await invite(account, `  ${email.toUpperCase()} `.trim());
    expect(response.statusCode, response.body).toBe(201);
    const invitation = response.json<Invitation>();
    expect(invitation).toEqual({
      id: expect.any(String),
      email,
      invited_by: { id: account.userId, name: 'Inviting Admin', email: account.email },
      created_at: expect.any(String),
      expires_at: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    const mail = await mailer.next(email);
    expect(mail.subject).toBe('Inviting Admin invited you to Inviting on Floorwatch');
    expect(mail.text).toContain(`${PUBLIC_URL}/setup-password?token=`);
    expect(mail.text).toContain('expires in 7 days');
    expect(await list(account)).toEqual([invitation]);
  });

  it('password setup creates the account in the inviting organization, signs in, and sees its buildings', async () => {
    const account = await createAccount(t.app, 'Team');
    const building = await createBuilding(t.app, account.headers, { name: 'Team HQ' });
    const email = newEmail();
    const { token } = await invited(account, email);

    const response = await setup({ token, password: PASSWORD, name: '  Casey Colleague ' });
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json<SessionResponse>();
    expect(session.user).toEqual({ id: expect.any(String), name: 'Casey Colleague', email, picture: null });
    expect(session.organization).toEqual({ id: account.organizationId, name: 'Team', plan: expect.any(String) });
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(43);
    const headers = { authorization: `Bearer ${session.access_token}` };
    const buildings = await t.app.inject({ method: 'GET', url: '/v1/buildings', headers });
    expect(JSON.stringify(buildings.json())).toContain(building.id);

    expect(await list(account)).toEqual([]);
    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email, password: PASSWORD }, remoteAddress: '192.0.2.254' });
    expect(login.statusCode, login.body).toBe(200);
    const reused = expectProblem(await setup({ token, password: PASSWORD }), 400, 'already used');
    expect(reused.errors?.map((e) => e.field)).toEqual(['token']);
  });

  it('previews an invitation link without using it: email, organization, inviter; dead links get the setup call\'s 400 or 409', async () => {
    const preview = (token: unknown) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/password/setup/preview', payload: { token }, remoteAddress: `198.51.100.${(++counter % 250) + 1}` });
    const account = await createAccount(t.app, 'Previewed');
    const email = newEmail();
    const { invitation, token } = await invited(account, email);

    const first = await preview(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ email, organization: { name: 'Previewed' }, invited_by: { name: 'Previewed Admin' }, expires_at: invitation.expires_at });
    expect((await preview(token)).json()).toEqual(first.json());
    expect(await list(account)).toHaveLength(1);

    const forged = expectProblem(await preview('Zm9yZ2VkLWludml0YXRpb24tdG9rZW4tbmV2ZXItaXNzdWVk'), 400);
    expect(forged.detail).toBe('This invitation link is invalid or has expired. Ask a member of your organization to invite you again.');
    expect(forged.errors?.map((e) => e.field)).toEqual(['token']);
    expectFieldProblem(await preview(''), 'token');

    expect((await setup({ token, password: PASSWORD })).statusCode).toBe(200);
    const used = expectProblem(await preview(token), 400, 'already used');
    expect(used.errors?.map((e) => e.field)).toEqual(['token']);

    const expiring = await invited(account, newEmail());
    clock.advance(7 * DAY_MS + 1);
    expect(expectProblem(await preview(expiring.token), 400).detail).toBe(forged.detail);

    const elsewhere = await createAccount(t.app, 'Elsewhere');
    const taken = await invited(account, newEmail());
    await t.app.db.update(users).set({ email: taken.invitation.email }).where(eq(users.id, elsewhere.userId));
    expect(expectProblem(await preview(taken.token), 409).detail).toContain(`An account with ${taken.invitation.email} already exists`);
  });

  it('names the new user after the email when no name is given', async () => {
    const account = await createAccount(t.app, 'Nameless');
    const { token } = await invited(account, 'jordan.lee@example.test');
    const response = await setup({ token, password: PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SessionResponse>().user.name).toBe('jordan.lee');
  });

  it('refuses forged and expired setup tokens with the same 400; an expired invitation is no longer listed', async () => {
    const forged = expectProblem(await setup({ token: 'Zm9yZ2VkLWludml0YXRpb24tdG9rZW4tbmV2ZXItaXNzdWVk', password: PASSWORD }), 400);
    expect(forged.detail).toBe('This invitation link is invalid or has expired. Ask a member of your organization to invite you again.');
    expect(forged.errors?.map((e) => e.field)).toEqual(['token']);

    const account = await createAccount(t.app, 'Expiring');
    const { token } = await invited(account, newEmail());
    clock.advance(7 * DAY_MS - 60_000);
    expect(await list(account)).toHaveLength(1);
    clock.advance(60_001);
    expect(await list(account)).toEqual([]);
    expect(expectProblem(await setup({ token, password: PASSWORD }), 400).detail).toBe(forged.detail);
  });

  it('applies the password policy and refuses a blank name without spending the invitation', async () => {
    const account = await createAccount(t.app, 'Strict');
    const { token } = await invited(account, newEmail());
    expect(expectFieldProblem(await setup({ token, password: 'too short' }), 'password').detail).toContain('at least 12 characters');
    expect(expectFieldProblem(await setup({ token, password: 'x'.repeat(129) }), 'password').detail).toContain('at most 128');
    expectFieldProblem(await setup({ token, password: PASSWORD, name: '   ' }), 'name');
    expectFieldProblem(await setup({ password: PASSWORD }), 'token');
    expect((await setup({ token, password: PASSWORD })).statusCode).toBe(200);
  });

  it('refuses to invite a member (409), someone of another organization (409), and a malformed email (400)', async () => {
    const account = await createAccount(t.app, 'Members');
    const other = await createAccount(t.app, 'Elsewhere');
    expectProblem(await invite(account, account.email.toUpperCase()), 409, 'is already a member of Members');
    expectProblem(await invite(account, other.email), 409, 'already has a Floorwatch account in another organization');
    expectFieldProblem(await invite(account, 'not-an-email'), 'email');
    expectFieldProblem(await t.app.inject({ method: 'POST', url: '/v1/invitations', headers: account.headers, payload: { email: newEmail(), role: 'admin' } }), 'role');
    expect(await list(account)).toEqual([]);
    expect(mailer.to(other.email)).toEqual([]);
  });

  it('counts members and pending invitations against max_members; a re-invitation replaces the pending one', async () => {
    const account = await createAccount(t.app, 'Small');
    await setMaxMembers(account.organizationId, 3);
    const first = await invited(account, newEmail());
    const second = await invited(account, newEmail());

    const full = expectProblem(await invite(account, newEmail()), 409, 'Your plan allows 3 members, pending invitations included');
    expect(full.detail).toContain('1 member and 2 pending invitations');
    expect(full.detail).toContain('choose a larger plan');
    expect(full).toMatchObject({ limit: 'members', allowed: 3, usage: 3 });
    // The organization's usage agrees: pending invitations hold members' places.
    const limits = await t.app.inject({ method: 'GET', url: '/v1/organizations/limits', headers: account.headers });
    expect(limits.json()).toMatchObject({ usage: { members: 3 } });

    // Inviting the same email again sends a new link, replaces the old one, and counts once.
    const again = await invited(account, first.invitation.email);
    expect(again.invitation.id).not.toBe(first.invitation.id);
    expect((await list(account)).map((i) => i.email).sort()).toEqual([first.invitation.email, second.invitation.email].sort());
    expectProblem(await setup({ token: first.token, password: PASSWORD }), 400, 'invalid or has expired');

    // Accepting turns an invitation into a member: still full.
    expect((await setup({ token: again.token, password: PASSWORD })).statusCode).toBe(200);
    expectProblem(await invite(account, newEmail()), 409, '2 members and 1 pending invitation');
    // Revoking one frees a seat.
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/invitations/${second.invitation.id}`, headers: account.headers })).statusCode).toBe(204);
    expect((await invite(account, newEmail())).statusCode).toBe(201);
  });

  it('revoking an invitation kills its link; another organization sees none of it (404)', async () => {
    const account = await createAccount(t.app, 'Revoke');
    const stranger = await createAccount(t.app, 'Stranger');
    const { invitation, token } = await invited(account, newEmail());
    expect(await list(stranger)).toEqual([]);
    expectProblem(await t.app.inject({ method: 'DELETE', url: `/v1/invitations/${invitation.id}`, headers: stranger.headers }), 404, 'Invitation not found');
    expect(await list(account)).toHaveLength(1);

    expect((await t.app.inject({ method: 'DELETE', url: `/v1/invitations/${invitation.id}`, headers: account.headers })).statusCode).toBe(204);
    expectProblem(await t.app.inject({ method: 'DELETE', url: `/v1/invitations/${invitation.id}`, headers: account.headers }), 404);
    expectProblem(await setup({ token, password: PASSWORD }), 400, 'invalid or has expired');
    expectFieldProblem(await t.app.inject({ method: 'DELETE', url: '/v1/invitations/not-a-uuid', headers: account.headers }), 'id');
  });

  it('an email invited by two organizations joins the first to accept; the other link answers 409', async () => {
    const a = await createAccount(t.app, 'First');
    const b = await createAccount(t.app, 'Second');
    const email = newEmail();
    const fromA = await invited(a, email);
    const fromB = await invited(b, email);
    expect((await setup({ token: fromA.token, password: PASSWORD })).statusCode).toBe(200);
    expectProblem(await setup({ token: fromB.token, password: PASSWORD }), 409, `An account with ${email} already exists`);
    expectProblem(await invite(b, email), 409, 'another organization');
  });

  it('keeps no invitation when the mail cannot be sent (502)', async () => {
    const account = await createAccount(t.app, 'NoMail');
    mailer.failWith = new Error('SMTP connection refused');
    try {
      expectProblem(await invite(account, newEmail()), 502, 'could not be sent');
    } finally {
      mailer.failWith = undefined;
    }
    expect(await list(account)).toEqual([]);
  });

  it('requires a signed-in member', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/invitations' }), 401);
    expectProblem(await t.app.inject({ method: 'POST', url: '/v1/invitations', payload: { email: newEmail() } }), 401);
  });
});
