import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { alerts, events, notifications, users } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { ingestVortexEvent } from '../../server/events/ingest';
import type { BusMessage } from '../../server/realtime/eventBus';
import { NOT_JSON_DETAIL, parseVortexWebhook } from '../../server/vortex/payload';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { filesUnder, organizationFiles } from './helpers/fixtures';
import {
  createConnection,
  freshDevice,
  freshEventId,
  plainTextSample,
  postWebhook,
  registerDevice,
  sendSample,
  storedCounts,
  vortexSample,
  vortexSampleFiles,
} from './helpers/vortex';

/** What each shared sample must be stored as: the mapped event type and whether it raises an alert. */
const EXPECTED: Record<string, { type: string; alert: boolean }> = {
  'audio.json': { type: 'Audio', alert: false },
  'custom-think-alert.json': { type: 'Think Alert', alert: false },
  'intrusion.json': { type: 'Intrusion', alert: true },
  'line-crossing.json': { type: 'Line crossing', alert: true },
  'milliseconds-localtime.json': { type: 'Intrusion', alert: true },
  'tampering.json': { type: 'Tampering', alert: true },
  'unknown-device.json': { type: 'Video motion', alert: false },
  'video-motion.json': { type: 'Video motion', alert: false },
  'with-thumbnail.json': { type: 'Intrusion', alert: true },
};

describe.each(databaseKinds)('VORTEX webhook receiver (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let connection: { id: string; secret: string };
  let memberCount: number;
  const published: BusMessage[] = [];

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Webhooks');
    // A second member: every user of the organization gets a notification for an alert.
    await t.app.db.insert(users).values({ organizationId: account.organizationId, email: `second-${Date.now()}@webhooks.test`, name: 'Second' });
    memberCount = 2;
    connection = await createConnection(t, account.organizationId);
    t.app.eventBus.subscribe((message) => published.push(message));
  });
  afterAll(() => t?.close());

  const eventRow = async (id: string) => (await t.app.db.select().from(events).where(eq(events.id, id)))[0];
  const publishedFor = (id: string) => published.filter((m) => m.event.id === id);

  it('covers every shared sample', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(vortexSampleFiles);
  });

  it.each(Object.keys(EXPECTED))('stores %s for a registered device, with its alert and notifications, and publishes it', async (name) => {
    const device = freshDevice();
    const registered = await registerDevice(t.app, account.organizationId, device);
    const before = await storedCounts(t.app, account.organizationId);
    const id = await sendSample(t.app, connection, name, device);
    const expected = EXPECTED[name]!;
    const parsed = parseVortexWebhook(vortexSample(name));
    const row = await eventRow(id);
    expect(row).toMatchObject({
      organizationId: account.organizationId,
      deviceId: device.deviceId,
      mappedDevicePk: registered.id,
      eventType: expected.type,
      eventName: vortexSample(name).eventName,
      localTime: parsed.occurredAt,
    });
    const after = await storedCounts(t.app, account.organizationId);
    expect(after).toEqual({
      events: before.events + 1,
      alerts: before.alerts + (expected.alert ? 1 : 0),
      notifications: before.notifications + (expected.alert ? memberCount : 0),
    });
    expect(publishedFor(id)).toEqual([
      {
        organizationId: account.organizationId,
        event: {
          id,
          device_id: device.deviceId,
          device_name: vortexSample(name).deviceName,
          mapped_device_id: device.deviceId,
          device_mac: typeof vortexSample(name).mac === 'string' ? device.mac : null,
          event_type: expected.type,
          event_name: vortexSample(name).eventName,
          local_time: parsed.occurredAt.getTime() / 1000,
          received_at: row?.receivedAt.toISOString(),
          has_snapshot: 'thumbnail' in vortexSample(name),
          alert: expected.alert ? { id: expect.any(String), resolved: false } : null,
        },
      },
    ]);
  });

  it('reads the true instant: intrusion.json is 2025-11-21T10:00:05Z, the ms sample keeps its milliseconds', async () => {
    const device = freshDevice();
    const id = await sendSample(t.app, connection, 'intrusion.json', device);
    expect((await eventRow(id))?.localTime.toISOString()).toBe('2025-11-21T10:00:05.000Z');
    const msId = await sendSample(t.app, connection, 'milliseconds-localtime.json', device);
    // 1763723180123 ms on the Amsterdam wall clock reads 11:06:20.123; in CET (UTC+1) that is 10:06:20.123Z.
    expect((await eventRow(msId))?.localTime.toISOString()).toBe('2025-11-21T10:06:20.123Z');
  });

  it('stores an event for an unknown device with mapped_device_id null, and still publishes it', async () => {
    const id = await sendSample(t.app, connection, 'unknown-device.json', freshDevice());
    expect((await eventRow(id))?.mappedDevicePk).toBeNull();
    expect(publishedFor(id)[0]?.event).toMatchObject({ mapped_device_id: null, device_name: 'Unregistered camera', event_type: 'Video motion' });
  });

  it('matches a device by MAC when VORTEX’s device id is not ours, in any stored MAC spelling', async () => {
    const ours = freshDevice();
    const registered = await registerDevice(t.app, account.organizationId, { deviceId: `cam-${ours.deviceId}`, mac: ours.mac.replace(/:/g, '-').toLowerCase() });
    const id = await sendSample(t.app, connection, 'tampering.json', ours);
    expect((await eventRow(id))?.mappedDevicePk).toBe(registered.id);
    expect(publishedFor(id)[0]?.event).toMatchObject({ device_id: ours.deviceId, mapped_device_id: `cam-${ours.deviceId}`, device_mac: ours.mac });
  });

  it('answers a replayed delivery 202 with the stored id and duplicate true, creating and publishing nothing new', async () => {
    const device = freshDevice();
    const body = { ...vortexSample('with-thumbnail.json'), eventId: freshEventId(), deviceId: device.deviceId, mac: device.mac };
    const first = await postWebhook(t.app, connection, body);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toEqual({ id: expect.any(String), duplicate: false });
    const before = await storedCounts(t.app, account.organizationId);
    const filesBefore = await organizationFiles(t.dataDir, account.organizationId);
    const replay = await postWebhook(t.app, connection, body);
    expect(replay.statusCode, replay.body).toBe(202);
    expect(replay.json()).toEqual({ id: first.json<{ id: string }>().id, duplicate: true });
    expect(await storedCounts(t.app, account.organizationId)).toEqual(before);
    expect(await organizationFiles(t.dataDir, account.organizationId)).toEqual(filesBefore);
    expect(publishedFor(first.json<{ id: string }>().id)).toHaveLength(1);
  });

  it('keeps a repeated eventId as a new event when the device or the time differs', async () => {
    const device = freshDevice();
    const eventId = freshEventId();
    const base = { ...vortexSample('audio.json'), eventId, deviceId: device.deviceId };
    const a = await postWebhook(t.app, connection, base);
    const b = await postWebhook(t.app, connection, { ...base, localTime: 1763723061 });
    const c = await postWebhook(t.app, connection, { ...base, deviceId: freshDevice().deviceId });
    const ids = [a, b, c].map((r) => {
      expect(r.statusCode, r.body).toBe(202);
      expect(r.json<{ duplicate: boolean }>().duplicate).toBe(false);
      return r.json<{ id: string }>().id;
    });
    expect(new Set(ids).size).toBe(3);
  });

  it('stores the thumbnail under orgs/<org>/events/<id>.jpg with the bytes sent', async () => {
    const id = await sendSample(t.app, connection, 'with-thumbnail.json', freshDevice());
    const key = `orgs/${account.organizationId}/events/${id}.jpg`;
    expect((await eventRow(id))?.thumbnailKey).toBe(key);
    const sent = String(vortexSample('with-thumbnail.json').thumbnail).replace(/^data:image\/jpeg;base64,/, '');
    expect((await readFile(path.join(t.dataDir, 'files', key))).equals(Buffer.from(sent, 'base64'))).toBe(true);
  });

  it('removes a written thumbnail when storing the event fails', async () => {
    const parsed = parseVortexWebhook({ ...vortexSample('with-thumbnail.json'), eventId: freshEventId() });
    const failing = { execute: () => Promise.reject(new Error('database down')) } as unknown as Db;
    const before = await filesUnder(path.join(t.dataDir, 'files'));
    await expect(ingestVortexEvent({ db: failing, files: t.app.files }, account.organizationId, parsed)).rejects.toThrow('database down');
    expect(await filesUnder(path.join(t.dataDir, 'files'))).toEqual(before);
  });

  describe('refuses bad input with the exact status and stores nothing', () => {
    const device = freshDevice();
    const good = () => ({ ...vortexSample('with-thumbnail.json'), eventId: freshEventId(), deviceId: device.deviceId });
    const unchanged = async (act: () => Promise<void>) => {
      const counts = await storedCounts(t.app, account.organizationId);
      const files = await filesUnder(path.join(t.dataDir, 'files'));
      const messages = published.length;
      await act();
      expect(await storedCounts(t.app, account.organizationId)).toEqual(counts);
      expect(await filesUnder(path.join(t.dataDir, 'files'))).toEqual(files);
      expect(published).toHaveLength(messages);
    };

    it('401 for a wrong secret, a missing one, or another connection’s, even before reading a text body', async () => {
      const other = await createAccount(t.app, 'OtherOrg');
      const otherConnection = await createConnection(t, other.organizationId);
      await unchanged(async () => {
        expectProblem(await postWebhook(t.app, { id: connection.id, secret: `${connection.secret}x` }, good()), 401, 'X-Webhook-Secret');
        expectProblem(await postWebhook(t.app, { id: connection.id }, good()), 401, 'X-Webhook-Secret');
        expectProblem(await postWebhook(t.app, { id: connection.id, secret: otherConnection.secret }, good()), 401);
        expectProblem(await postWebhook(t.app, { id: connection.id, secret: 'wrong' }, plainTextSample(), { 'content-type': 'text/plain' }), 401);
      });
      expect((await storedCounts(t.app, other.organizationId)).events).toBe(0);
    });

    it('404 for an unknown connection id', async () => {
      await unchanged(async () => {
        expectProblem(await postWebhook(t.app, { id: '00000000-0000-4000-8000-000000000000', secret: connection.secret }, good()), 404, 'VORTEX connection');
        expectProblem(await postWebhook(t.app, { id: 'not-a-connection', secret: connection.secret }, good()), 404);
      });
    });

    it('415 pointing to the JSON template for the plain-text sample', async () => {
      await unchanged(async () => {
        const response = await postWebhook(t.app, connection, plainTextSample(), { 'content-type': 'text/plain; charset=utf-8' });
        expect(expectProblem(response, 415).detail).toBe(NOT_JSON_DETAIL);
        const form = await postWebhook(t.app, connection, 'eventId=1', { 'content-type': 'application/x-www-form-urlencoded' });
        expect(expectProblem(form, 415).detail).toBe(NOT_JSON_DETAIL);
      });
    });

    it('400 for malformed JSON and 413 for a body over 64 KiB', async () => {
      await unchanged(async () => {
        expectProblem(await postWebhook(t.app, connection, '{"eventId": "e1",', { 'content-type': 'application/json' }), 400, 'not valid JSON');
        const big = JSON.stringify({ ...good(), padding: 'x'.repeat(64 * 1024) });
        expectProblem(await postWebhook(t.app, connection, big, { 'content-type': 'application/json' }), 413);
      });
    });

    it.each([
      ['a missing event id', { eventId: undefined }, 'eventId'],
      ['an empty event id', { eventId: '' }, 'eventId'],
      ['a missing device id', { deviceId: undefined }, 'deviceId'],
      ['local_time that is neither a number nor a date', { localTime: 'yesterday', localISOTime: undefined, utcTime: undefined, utcISOTime: undefined }, 'localTime'],
      ['local_time true', { localTime: true, localISOTime: undefined, utcTime: undefined, utcISOTime: undefined }, 'localTime'],
      ['a thumbnail that is not an image', { thumbnail: Buffer.from('not an image at all').toString('base64') }, 'thumbnail'],
    ])('400 naming the field for %s', async (_label, change, field) => {
      await unchanged(async () => {
        expectFieldProblem(await postWebhook(t.app, connection, { ...good(), ...change }), field);
      });
    });

    it('400 for a JSON body that is not an object', async () => {
      await unchanged(async () => {
        expectProblem(await postWebhook(t.app, connection, '[1,2]', { 'content-type': 'application/json' }), 400, 'JSON object');
      });
    });
  });

  it('leaves alerts and notifications pointing at the events they belong to', async () => {
    const id = await sendSample(t.app, connection, 'line-crossing.json', freshDevice());
    const [alert] = await t.app.db.select().from(alerts).where(eq(alerts.eventId, id));
    expect(alert).toMatchObject({ organizationId: account.organizationId, resolved: false, resolvedAt: null });
    const rows = await t.app.db.select().from(notifications).where(eq(notifications.alertId, alert!.id));
    const members = await t.app.db.select({ id: users.id }).from(users).where(eq(users.organizationId, account.organizationId));
    expect(members).toHaveLength(memberCount);
    expect(rows.map((n) => n.userId).sort()).toEqual(members.map((m) => m.id).sort());
    expect(rows.every((n) => !n.read && n.title.startsWith('Line crossing on '))).toBe(true);
  });
});
