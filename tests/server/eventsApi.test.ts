import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEventMessage } from '../../server/realtime/eventBus';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createConnection, freshDevice, registerDevice, sendSample } from './helpers/vortex';

type EventList = { events: RealtimeEventMessage[]; next_cursor: string | null };

describe.each(databaseKinds)('events API (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let other: Account;
  let connection: { id: string; secret: string };
  const camera = freshDevice();
  const byMac = freshDevice();
  /** Ids in the order they were sent. */
  const sent: string[] = [];

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Events');
    other = await createAccount(t.app, 'EventsOther');
    connection = await createConnection(t, account.organizationId);
    await registerDevice(t.app, account.organizationId, { ...camera, name: 'Dock camera' });
    await registerDevice(t.app, account.organizationId, { deviceId: 'our-lobby-cam', mac: byMac.mac });
    // utcTime sets each event's instant: 10:00, 10:10, ... 10:40 on 2025-11-21.
    const at = (minutes: number) => ({ utcTime: 1763719200 + minutes * 60, localISOTime: undefined, utcISOTime: undefined });
    sent.push(await sendSample(t.app, connection, 'intrusion.json', camera, at(0)));
    sent.push(await sendSample(t.app, connection, 'audio.json', camera, at(10)));
    sent.push(await sendSample(t.app, connection, 'video-motion.json', byMac, at(20)));
    sent.push(await sendSample(t.app, connection, 'unknown-device.json', freshDevice(), at(30)));
    sent.push(await sendSample(t.app, connection, 'tampering.json', camera, at(40)));
  });
  afterAll(() => t?.close());

  const list = async (query = '', who: Account = account) => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/events${query}`, headers: who.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EventList>();
  };
  const ids = (page: EventList) => page.events.map((e) => e.id);

  it('lists the organization’s events newest first with the real-time event fields', async () => {
    const page = await list();
    expect(ids(page)).toEqual([...sent].reverse());
    expect(page.next_cursor).toBeNull();
    expect(page.events[0]).toEqual({
      id: sent[4],
      device_id: camera.deviceId,
      device_name: 'FD9387 Loading Dock',
      mapped_device_id: camera.deviceId,
      device_mac: camera.mac,
      event_type: 'Tampering',
      event_name: 'Camera tampering',
      local_time: 1763719200 + 40 * 60,
      received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      has_snapshot: false,
      alert: { id: expect.any(String), resolved: false },
    });
    expect(page.events.find((e) => e.id === sent[3])).toMatchObject({ mapped_device_id: null, device_name: 'Unregistered camera' });
  });

  it('filters by device id, as VORTEX sent it or as matched by MAC', async () => {
    expect(ids(await list(`?device_id=${camera.deviceId}`))).toEqual([sent[4], sent[1], sent[0]]);
    expect(ids(await list(`?device_id=our-lobby-cam`))).toEqual([sent[2]]);
    expect(ids(await list(`?device_id=${byMac.deviceId}`))).toEqual([sent[2]]);
    expect(ids(await list('?device_id=nobody'))).toEqual([]);
  });

  it('filters by event type and by time range (from inclusive, to exclusive)', async () => {
    expect(ids(await list('?event_type=Intrusion'))).toEqual([sent[0]]);
    expect(ids(await list(`?event_type=${encodeURIComponent('Video motion')}`))).toEqual([sent[3], sent[2]]);
    expect(ids(await list('?from=2025-11-21T10:10:00Z&to=2025-11-21T10:30:00Z'))).toEqual([sent[2], sent[1]]);
    expect(ids(await list('?from=2025-11-21T11:10:00%2B01:00'))).toEqual([sent[4], sent[3], sent[2], sent[1]]);
    expect(ids(await list(`?to=2025-11-21T10:00:00Z`))).toEqual([]);
    expect(ids(await list(`?device_id=${camera.deviceId}&event_type=Audio`))).toEqual([sent[1]]);
  });

  it('pages with limit and next_cursor without losing or repeating an event', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page: EventList = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      sizes.push(page.events.length);
      seen.push(...ids(page));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual([...sent].reverse());
    const filtered = await list(`?limit=1&device_id=${camera.deviceId}`);
    expect(ids(filtered)).toEqual([sent[4]]);
    expect(ids(await list(`?limit=5&device_id=${camera.deviceId}&cursor=${filtered.next_cursor}`))).toEqual([sent[1], sent[0]]);
  });

  it('refuses a bad limit, cursor or date with a 400 naming it', async () => {
    const get = (query: string) => t.app.inject({ method: 'GET', url: `/v1/events${query}`, headers: account.headers });
    expectProblem(await get('?limit=201'), 400, 'limit');
    expectProblem(await get('?limit=0'), 400, 'limit');
    expectProblem(await get('?from=yesterday'), 400, 'from');
    expectFieldProblem(await get('?cursor=not-a-cursor'), 'cursor');
    // A cursor naming another organization's event is not one the caller can page from.
    const theirs = Buffer.from(sent[0]!).toString('base64url');
    expectFieldProblem(await t.app.inject({ method: 'GET', url: `/v1/events?cursor=${theirs}`, headers: other.headers }), 'cursor');
  });

  it('gets one event by id; another organization’s or an unknown id is a 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/events/${sent[2]}`, headers: account.headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: sent[2], device_id: byMac.deviceId, mapped_device_id: 'our-lobby-cam', event_type: 'Video motion' });
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/events/${sent[2]}`, headers: other.headers }), 404, 'Event not found');
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/events/00000000-0000-4000-8000-000000000000', headers: account.headers }), 404);
  });

  it('shows another organization none of it, and needs a bearer token', async () => {
    expect(await list('', other)).toEqual({ events: [], next_cursor: null });
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/events' }), 401);
  });
});
