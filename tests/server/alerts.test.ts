import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createConnection, freshDevice, sendSample } from './helpers/vortex';

interface Alert {
  id: string;
  event_id: string;
  event_type: string;
  resolved: boolean;
  resolved_at: string | null;
  resolved_by: string | null;
  created_at: string;
  event: { id: string; device_id: string; event_type: string; event_name: string | null };
}
type AlertList = { alerts: Alert[]; next_cursor: string | null };

describe.each(databaseKinds)('alerts API (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let other: Account;
  const camera = freshDevice();
  /** Event ids by sample, in the order sent. */
  const eventIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Alerts');
    other = await createAccount(t.app, 'AlertsOther');
    const connection = await createConnection(t, account.organizationId);
    for (const name of ['intrusion.json', 'audio.json', 'line-crossing.json', 'video-motion.json', 'tampering.json']) {
      eventIds[name] = await sendSample(t.app, connection, name, camera);
    }
  });
  afterAll(() => t?.close());

  const get = (url: string, who: Account = account) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const list = async (query = '', who: Account = account) => {
    const response = await get(`/v1/alerts${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AlertList>();
  };
  const resolve = (id: string, payload: unknown, who: Account = account) =>
    t.app.inject({ method: 'PATCH', url: `/v1/alerts/${id}`, headers: who.headers, payload: payload as Record<string, unknown> });

  it('lists one unresolved alert per Intrusion, Line crossing and Tampering event, newest first, each with its event', async () => {
    const page = await list();
    expect(page.next_cursor).toBeNull();
    expect(page.alerts.map((a) => a.event_type)).toEqual(['Tampering', 'Line crossing', 'Intrusion']);
    expect(page.alerts.map((a) => a.event_id)).toEqual([eventIds['tampering.json'], eventIds['line-crossing.json'], eventIds['intrusion.json']]);
    for (const alert of page.alerts) {
      expect(alert).toMatchObject({ resolved: false, resolved_at: null, resolved_by: null });
      expect(alert.event).toMatchObject({ id: alert.event_id, device_id: camera.deviceId, event_type: alert.event_type });
    }
  });

  it('filters by event type and device, and pages with a cursor', async () => {
    expect((await list('?event_type=Intrusion')).alerts.map((a) => a.event_id)).toEqual([eventIds['intrusion.json']]);
    expect((await list('?device_id=nobody')).alerts).toEqual([]);
    expect((await list(`?device_id=${camera.deviceId}`)).alerts).toHaveLength(3);
    const first = await list('?limit=2');
    expect(first.alerts).toHaveLength(2);
    const second = await list(`?limit=2&cursor=${first.next_cursor}`);
    expect(second.next_cursor).toBeNull();
    expect([...first.alerts, ...second.alerts].map((a) => a.id)).toEqual((await list()).alerts.map((a) => a.id));
    expectFieldProblem(await get('/v1/alerts?cursor=bogus'), 'cursor');
    expectProblem(await get('/v1/alerts?limit=500'), 400, 'limit');
  });

  it('resolves an alert with { resolved: true }, recording when and by whom, once', async () => {
    const [target] = (await list('?event_type=Tampering')).alerts;
    const before = Date.now();
    const response = await resolve(target!.id, { resolved: true });
    expect(response.statusCode, response.body).toBe(200);
    const resolved = response.json<Alert>();
    expect(resolved).toMatchObject({ id: target!.id, resolved: true, resolved_by: account.userId, event: { id: target!.event_id } });
    expect(Date.parse(resolved.resolved_at!)).toBeGreaterThanOrEqual(before - 5_000);
    const again = await resolve(target!.id, { resolved: true });
    expect(again.json<Alert>().resolved_at).toBe(resolved.resolved_at);
    expect((await get(`/v1/alerts/${target!.id}`)).json<Alert>()).toEqual(resolved);
    expect((await list('?resolved=true')).alerts.map((a) => a.id)).toEqual([target!.id]);
    expect((await list('?resolved=false')).alerts.map((a) => a.event_type)).toEqual(['Line crossing', 'Intrusion']);
  });

  it('refuses any other change to an alert with a 400', async () => {
    const [target] = (await list('?resolved=false')).alerts;
    expectFieldProblem(await resolve(target!.id, { resolved: false }), 'resolved');
    expectProblem(await resolve(target!.id, {}), 400, 'resolved');
    expectProblem(await resolve(target!.id, { resolved: true, event_type: 'Audio' }), 400);
    expect((await get(`/v1/alerts/${target!.id}`)).json<Alert>().resolved).toBe(false);
  });

  it('keeps alerts to their organization: another org lists none, and its get or resolve is a 404', async () => {
    const [target] = (await list('?resolved=false')).alerts;
    expect(await list('', other)).toEqual({ alerts: [], next_cursor: null });
    expectProblem(await get(`/v1/alerts/${target!.id}`, other), 404, 'Alert not found');
    expectProblem(await resolve(target!.id, { resolved: true }, other), 404, 'Alert not found');
    expect((await get(`/v1/alerts/${target!.id}`)).json<Alert>().resolved).toBe(false);
    expectProblem(await get('/v1/alerts/00000000-0000-4000-8000-000000000000'), 404);
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/alerts' }), 401);
  });
});
