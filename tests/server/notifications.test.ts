import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import { users } from '../../server/db/schema';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createConnection, freshDevice, sendSample } from './helpers/vortex';

interface Notification {
  id: string;
  alert_id: string | null;
  title: string;
  body: string | null;
  read: boolean;
  read_at: string | null;
  created_at: string;
}
type NotificationList = { notifications: Notification[]; next_cursor: string | null };

describe.each(databaseKinds)('notifications API (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  /** A second member of the same organization, signed in. */
  let colleague: { headers: { authorization: string } };
  let other: Account;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Notify');
    other = await createAccount(t.app, 'NotifyOther');
    const email = `colleague-${Date.now()}@notify.test`;
    await t.app.db.insert(users).values({ organizationId: account.organizationId, email, name: 'Colleague', passwordHash: await hashPassword('colleague password 1') });
    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/password/login', payload: { email, password: 'colleague password 1' }, remoteAddress: '203.0.113.77' });
    expect(login.statusCode, login.body).toBe(200);
    colleague = { headers: { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` } };
    const connection = await createConnection(t, account.organizationId);
    const camera = freshDevice();
    for (const name of ['intrusion.json', 'audio.json', 'line-crossing.json', 'video-motion.json', 'tampering.json']) {
      await sendSample(t.app, connection, name, camera);
    }
  });
  afterAll(() => t?.close());

  const list = async (query = '', who: { headers: { authorization: string } } = account) => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/notifications${query}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NotificationList>();
  };
  const patch = (url: string, who: { headers: { authorization: string } }, payload?: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/v1/notifications${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

  it('gives every user of the organization one unread notification per alert, newest first', async () => {
    const mine = await list();
    expect(mine.notifications.map((n) => n.title)).toEqual(['Tampering on FD9387 Loading Dock', 'Line crossing on FE9391 Lobby Fisheye', 'Intrusion on FD9387 Loading Dock']);
    expect(mine.notifications.map((n) => n.body)).toEqual(['Camera tampering', 'Lobby tripwire', 'Loading dock intrusion']);
    expect(mine.notifications.every((n) => !n.read && n.read_at === null && n.alert_id !== null)).toBe(true);
    const alerts = (await t.app.inject({ method: 'GET', url: '/v1/alerts', headers: account.headers })).json<{ alerts: { id: string }[] }>().alerts;
    expect(mine.notifications.map((n) => n.alert_id)).toEqual(alerts.map((a) => a.id));
    const theirs = await list('', colleague);
    expect(theirs.notifications.map((n) => n.alert_id)).toEqual(alerts.map((a) => a.id));
    expect(theirs.notifications.map((n) => n.id)).not.toEqual(mine.notifications.map((n) => n.id));
  });

  it('pages with a cursor and refuses a bad one', async () => {
    const first = await list('?limit=2');
    expect(first.notifications).toHaveLength(2);
    const second = await list(`?limit=2&cursor=${first.next_cursor}`);
    expect(second).toMatchObject({ next_cursor: null });
    expect([...first.notifications, ...second.notifications].map((n) => n.id)).toEqual((await list()).notifications.map((n) => n.id));
    // A cursor naming a colleague's notification is not the caller's to page from.
    const colleagues = await list('?limit=1', colleague);
    expectFieldProblem(await t.app.inject({ method: 'GET', url: `/v1/notifications?cursor=${colleagues.next_cursor}`, headers: account.headers }), 'cursor');
  });

  it('marks one read with { read: true }, keeping the first read time; anything else is a 400', async () => {
    const [target] = (await list()).notifications;
    const response = await patch(`/${target!.id}`, account, { read: true });
    expect(response.statusCode, response.body).toBe(200);
    const read = response.json<Notification>();
    expect(read).toMatchObject({ id: target!.id, read: true, read_at: expect.any(String) });
    expect((await patch(`/${target!.id}`, account, { read: true })).json<Notification>().read_at).toBe(read.read_at);
    expect((await t.app.inject({ method: 'GET', url: `/v1/notifications/${target!.id}`, headers: account.headers })).json()).toEqual(read);
    expectFieldProblem(await patch(`/${target!.id}`, account, { read: false }), 'read');
    expectProblem(await patch(`/${target!.id}`, account, { title: 'x', read: true }), 400);
    expect((await list('?read=true')).notifications.map((n) => n.id)).toEqual([target!.id]);
    expect((await list('?read=false')).notifications).toHaveLength(2);
  });

  it('marks all the caller’s unread notifications read and returns the count; the colleague’s stay unread', async () => {
    const response = await patch('/mark-all-read', account);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ updated: 2 });
    expect((await list('?read=false')).notifications).toEqual([]);
    expect((await patch('/mark-all-read', account)).json()).toEqual({ updated: 0 });
    expect((await list('?read=false', colleague)).notifications).toHaveLength(3);
  });

  it('shows each user only their own: a colleague’s or another organization’s notification is a 404', async () => {
    const [colleagues] = (await list('', colleague)).notifications;
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/notifications/${colleagues!.id}`, headers: account.headers }), 404, 'Notification not found');
    expectProblem(await patch(`/${colleagues!.id}`, account, { read: true }), 404);
    expectProblem(await patch(`/${colleagues!.id}`, other, { read: true }), 404);
    expect((await list('?read=false', colleague)).notifications).toHaveLength(3);
  });

  it('a second organization sees none of it, and marking all read there changes nothing here', async () => {
    expect(await list('', other)).toEqual({ notifications: [], next_cursor: null });
    expect((await patch('/mark-all-read', other)).json()).toEqual({ updated: 0 });
    expect((await list('?read=false', colleague)).notifications).toHaveLength(3);
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/notifications' }), 401);
  });
});
