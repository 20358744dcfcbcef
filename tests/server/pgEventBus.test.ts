import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import type { BusMessage, EventBus, RealtimeEventMessage } from '../../server/realtime/eventBus';
import { eventBusFor } from '../../server/realtime/eventBusFor';
import { PgEventBus } from '../../server/realtime/pgEventBus';
import { build, type TestApp } from './helpers/build';
import { createAccount } from './helpers/accounts';
import { assertStream, openSse, type SseStream } from './helpers/sseClient';
import { insertEvent, messageOf } from './helpers/storedEvents';
import { createConnection, freshDevice, freshEventId, registerDevice, sendSample, vortexSample } from './helpers/vortex';
import { ingestVortexEvents } from '../../server/events/ingest';
import { findEvent } from '../../server/events/repository';
import { DurabilityUnknownError, storeDeliveries } from '../../server/events/storeDeliveries';
import { eventView } from '../../server/events/view';
import { parseVortexWebhook } from '../../server/vortex/payload';

const ORG = '11111111-1111-4111-8111-111111111111';

/** Resolves once `count` messages arrived at `received`, or rejects after `timeoutMs`. */
async function waitFor<T>(received: T[], count: number, timeoutMs = 5_000): Promise<T[]> {
  const deadline = Date.now() + timeoutMs;
  while (received.length < count) {
    if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} messages arrived`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return received;
}

function event(id: string, deviceName = 'Lobby'): RealtimeEventMessage {
  return {
    id,
    device_id: 'cam-1',
    device_name: deviceName,
    mapped_device_id: null,
    device_mac: null,
    event_type: 'Video motion',
    event_name: 'Motion',
    local_time: 1_763_760_000,
    received_at: '2026-11-21T21:20:00.000Z',
    has_snapshot: false,
    alert: null,
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL LISTEN/NOTIFY event bus', () => {
  let t: TestApp;
  const buses: EventBus[] = [];
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    t = await build('postgres');
  });
  afterEach(async () => {
    for (const bus of buses.splice(0)) await bus.close();
    for (const pool of pools.splice(0)) await pool.end();
  });
  afterAll(() => t?.close());

  /** A bus with a pool of its own, as another node would have. */
  async function node(load: (organizationId: string, eventId: string) => Promise<RealtimeEventMessage | null> = async () => null, onError?: (error: Error) => void) {
    const url = t.config.databaseUrl as string;
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    pools.push(pool);
    const bus = await PgEventBus.start({ connectionString: url, pool, load, reconnectDelayMs: 50, ...(onError ? { onError } : {}) });
    buses.push(bus);
    return bus;
  }

  it("delivers each node's messages to every node, its own included, in publication order", async () => {
    const a = await node();
    const b = await node();
    const atA: BusMessage[] = [];
    const atB: BusMessage[] = [];
    a.subscribe((m) => atA.push(m));
    b.subscribe((m) => atB.push(m));

    const sent = Array.from({ length: 20 }, (_, i) => ({ organizationId: ORG, event: event(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) }));
    for (const [i, message] of sent.entries()) await (i % 2 === 0 ? a : b).publish(message);

    expect(await waitFor(atA, 20)).toEqual(sent);
    expect(await waitFor(atB, 20)).toEqual(sent);
  });

  it('keeps the order of publishes made without waiting, across the pool’s connections', async () => {
    const sender = await node();
    const receiver = await node();
    const received: BusMessage[] = [];
    receiver.subscribe((m) => received.push(m));

    // A burst, as a batch of webhooks publishes: each call before the previous one resolved.
    const sent = Array.from({ length: 60 }, (_, i) => ({ organizationId: ORG, event: event(`00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`) }));
    await Promise.all(sent.map((message) => sender.publish(message)));

    expect((await waitFor(received, 60)).map((m) => m.event.id)).toEqual(sent.map((m) => m.event.id));
  });

  it('sends the publishes of one tick in one NOTIFY statement', async () => {
    const sender = await node();
    const receiver = await node();
    const received: BusMessage[] = [];
    receiver.subscribe((m) => received.push(m));
    const pool = pools[0] as pg.Pool;
    let statements = 0;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements++;
      return query(...args);
    };

    const sent = Array.from({ length: 5 }, (_, i) => ({ organizationId: ORG, event: event(`00000000-0000-4000-8000-${String(300 + i).padStart(12, '0')}`) }));
    await Promise.all(sent.map((message) => sender.publish(message)));

    expect(statements).toBe(1);
    expect((await waitFor(received, 5)).map((m) => m.event.id)).toEqual(sent.map((m) => m.event.id));
  });

  it('sends a message of 8000 bytes or more as a reference that receivers load, keeping the order', async () => {
    const big = { organizationId: ORG, event: event('00000000-0000-4000-8000-00000000b16b', 'x'.repeat(9_000)) };
    const small = { organizationId: ORG, event: event('00000000-0000-4000-8000-000000005a11') };
    const loads: [string, string][] = [];
    const receiver = await node(async (organizationId, eventId) => {
      loads.push([organizationId, eventId]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return eventId === big.event.id ? big.event : null;
    });
    const sender = await node();
    const received: BusMessage[] = [];
    receiver.subscribe((m) => received.push(m));

    await sender.publish(big);
    await sender.publish(small);

    expect(await waitFor(received, 2)).toEqual([big, small]);
    expect(loads).toEqual([[ORG, big.event.id]]);
  });

  it('listens again after its connection is cut, and says so', async () => {
    const errors: Error[] = [];
    const listener = await node(undefined, (error) => errors.push(error));
    const sender = await node();
    const received: BusMessage[] = [];
    listener.subscribe((m) => received.push(m));
    const pid = listener.listenerProcessId;
    expect(pid).toEqual(expect.any(Number));

    await t.database.pool?.query('select pg_terminate_backend($1)', [pid]);
    await waitFor(errors, 1);
    const deadline = Date.now() + 5_000;
    while (!listener.listening || listener.listenerProcessId === pid) {
      if (Date.now() > deadline) throw new Error('did not reconnect');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const after = { organizationId: ORG, event: event('00000000-0000-4000-8000-0000000000af') };
    await sender.publish(after);
    expect(await waitFor(received, 1)).toEqual([after]);
  });

  it('chooses the LISTEN/NOTIFY bus for PostgreSQL and the in-process bus for PGlite', async () => {
    const onPostgres = await eventBusFor(t.database, t.config.databaseUrl);
    buses.push(onPostgres);
    expect(onPostgres).toBeInstanceOf(PgEventBus);
    const pglite = await openDatabase({});
    try {
      expect(await eventBusFor(pglite, undefined)).not.toBeInstanceOf(PgEventBus);
    } finally {
      await pglite.close();
    }
  });

  it('is NOTIFYed by the ingest statement itself: each new event once, in order, as eventView makes it of the stored row', async () => {
    const account = await createAccount(t.app, 'Statement notify');
    const byId = freshDevice();
    const byMac = freshDevice();
    await registerDevice(t.app, account.organizationId, byId);
    await registerDevice(t.app, account.organizationId, { deviceId: `cam-${byMac.deviceId}`, mac: byMac.mac.toLowerCase() });
    const bus = await eventBusFor(t.database, t.config.databaseUrl);
    buses.push(bus);
    expect(bus.notifyChannel).toEqual(expect.any(String));
    const received: BusMessage[] = [];
    bus.subscribe((m) => received.push(m));
    const parse = (sample: string, extra: Record<string, unknown>) => parseVortexWebhook({ ...vortexSample(sample), eventId: freshEventId(), ...extra });
    const intrusion = parse('intrusion.json', { deviceId: byId.deviceId });
    const items = [
      intrusion,
      parse('with-thumbnail.json', { deviceId: byId.deviceId, mac: byId.mac }),
      parse('line-crossing.json', { deviceId: byMac.deviceId, mac: byMac.mac }),
      parse('unknown-device.json', { deviceId: freshDevice().deviceId }),
      parse('milliseconds-localtime.json', { deviceId: byId.deviceId, deviceName: 'Ünïcödé "quoted" \\ name' }),
      intrusion,
    ].map((parsed) => ({ organizationId: account.organizationId, parsed }));
    const results = await ingestVortexEvents(t.app, items, { notifyChannel: bus.notifyChannel as string });
    expect(results.map((r) => r.duplicate)).toEqual([false, false, false, false, false, true]);

    const fresh = results.filter((r) => !r.duplicate);
    const expected = await Promise.all(fresh.map(async (r) => ({ organizationId: account.organizationId, event: eventView((await findEvent(t.app.db, account.organizationId, r.event.event.id))!) })));
    expect(await waitFor(received, fresh.length)).toEqual(expected);
    // What the route would have published: the statement's message is the same, received_at to the millisecond.
    expect(fresh.map((r) => eventView(r.event))).toEqual(expected.map((m) => m.event));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(fresh.length);
  });

  it('commits the NOTIFY statement without waiting for the disk, then waits for it in a transaction of its own before resolving', async () => {
    const account = await createAccount(t.app, 'Statement notify, durable');
    const bus = await eventBusFor(t.database, t.config.databaseUrl);
    buses.push(bus);
    const pool = t.database.pool!;
    const sent = vi.spyOn(pool, 'query');
    const parsed = parseVortexWebhook({ ...vortexSample('intrusion.json'), eventId: freshEventId() });
    const items = [{ organizationId: account.organizationId, parsed }];
    const [first] = await ingestVortexEvents(t.app, items, { notifyChannel: bus.notifyChannel as string });
    const [repeat] = await ingestVortexEvents(t.app, items, { notifyChannel: bus.notifyChannel as string });
    const names = sent.mock.calls.flatMap((call) => {
      const config = (call as unknown[])[0] as string | { name?: string };
      return typeof config === 'object' && config.name ? [config.name] : [];
    });
    sent.mockRestore();
    // Each statement, a batch of repeats too, is followed by the flush before ingest resolves
    // (the repeat's stored event is then read by an unnamed query, left out here).
    expect(names).toEqual(['fw_store_deliveries_notify_nf', 'fw_flush_wal', 'fw_store_deliveries_notify_nf', 'fw_flush_wal']);
    expect(first?.duplicate).toBe(false);
    expect(repeat).toMatchObject({ duplicate: true, event: { event: { id: first?.event.event.id } } });
    // The statement's own commit is asynchronous (its set_config is local to it): the
    // session's setting is back to on for the next transaction, such as the flush.
    const setting = await pool.query<{ synchronous_commit: string }>('show synchronous_commit');
    expect(setting.rows[0]?.synchronous_commit).toBe('on');
  });

  it('keeps the stored event and its thumbnail when only the flush fails, and reports it', async () => {
    const account = await createAccount(t.app, 'Statement notify, flush fails');
    const device = freshDevice();
    await registerDevice(t.app, account.organizationId, device);
    const bus = await eventBusFor(t.database, t.config.databaseUrl);
    buses.push(bus);
    const pool = t.database.pool!;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(pool, 'query').mockImplementation(((...args: unknown[]) => {
      const [config] = args;
      if (typeof config === 'object' && config !== null && 'name' in config && config.name === 'fw_flush_wal') {
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      }
      return query(...args);
    }) as typeof pool.query);
    const eventId = freshEventId();
    const parsed = parseVortexWebhook({ ...vortexSample('with-thumbnail.json'), eventId, deviceId: device.deviceId, mac: device.mac });
    const failed = ingestVortexEvents(t.app, [{ organizationId: account.organizationId, parsed }], { notifyChannel: bus.notifyChannel as string });
    await expect(failed).rejects.toBeInstanceOf(DurabilityUnknownError);
    vi.restoreAllMocks();
    const { rows } = await pool.query<{ id: string; thumbnail_key: string | null }>(
      'select id, thumbnail_key from events where organization_id = $1 and vortex_event_id = $2',
      [account.organizationId, eventId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.thumbnail_key).toEqual(expect.any(String));
    expect(await t.app.files.get(rows[0]!.thumbnail_key!)).not.toBeNull();
    // The sender's retry finds it.
    const [retry] = await ingestVortexEvents(t.app, [{ organizationId: account.organizationId, parsed }], { notifyChannel: bus.notifyChannel as string });
    expect(retry).toMatchObject({ duplicate: true, event: { event: { id: rows[0]?.id } } });
  });

  it('an ingest NOTIFY of 8000 bytes or more goes as a reference and arrives loaded', async () => {
    const account = await createAccount(t.app, 'Statement notify, large');
    const bus = await eventBusFor(t.database, t.config.databaseUrl);
    buses.push(bus);
    const received: BusMessage[] = [];
    bus.subscribe((m) => received.push(m));
    // Webhooks cap their text at 255 characters; storeDeliveries itself does not, so the fallback can be reached.
    const stored = await storeDeliveries(
      t.app.db,
      [
        {
          id: randomUUID(),
          organizationId: account.organizationId,
          vortexEventId: freshEventId(),
          deviceId: 'cam-large',
          deviceName: null,
          deviceMac: null,
          eventType: 'Video motion',
          eventName: 'y'.repeat(9_000),
          localTime: new Date('2026-11-21T10:00:05.250Z'),
          thumbnailKey: null,
          raw: {},
          alerting: false,
        },
      ],
      { notifyChannel: bus.notifyChannel as string },
    );
    const [id] = [...stored.keys()];
    const row = await findEvent(t.app.db, account.organizationId, id as string);
    expect(await waitFor(received, 1)).toEqual([{ organizationId: account.organizationId, event: eventView(row!) }]);
    expect(received[0]?.event.event_name).toHaveLength(9_000);
  });

  it('loads a stored event by reference through the events table', async () => {
    const account = await createAccount(t.app, 'Loader');
    const row = await insertEvent(t.app, account.organizationId);
    const bus = await eventBusFor(t.database, t.config.databaseUrl);
    buses.push(bus);
    const received: BusMessage[] = [];
    bus.subscribe((m) => received.push(m));
    const stored = messageOf(row);
    await bus.publish({ ...stored, event: { ...stored.event, event_name: 'y'.repeat(9_000) } });
    // The reference is resolved from the database: the stored row, not the oversized copy.
    expect(await waitFor(received, 1)).toEqual([stored]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server nodes on one PostgreSQL database', () => {
  let t: TestApp;
  const nodes: FastifyInstance[] = [];
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await build('postgres');
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const app of nodes) await app.close();
    await t?.close();
  });

  /** A node as server/main.ts makes one: its own pool, its own LISTEN connection, listening on a port. */
  async function startNode(): Promise<{ app: FastifyInstance; streamUrl: string }> {
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl });
    const app = await buildApp(t.config, { database, closeDatabase: true, logger: false, eventBus: await eventBusFor(database, t.config.databaseUrl) });
    nodes.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, streamUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/events/stream` };
  }

  it("delivers a webhook received by one node to an SSE client of the other, and not to another organization's", async () => {
    const receiving = await startNode();
    const streaming = await startNode();
    const account = await createAccount(t.app, 'Two nodes');
    const other = await createAccount(t.app, 'Elsewhere');
    const connection = await createConnection(t, account.organizationId);
    const device = freshDevice();
    await registerDevice(t.app, account.organizationId, device);

    const mine = assertStream(await openSse(`${streaming.streamUrl}?token=${account.accessToken}`));
    const theirs = assertStream(await openSse(`${streaming.streamUrl}?token=${other.accessToken}`));
    streams.push(mine, theirs);
    await mine.next('connected');
    await theirs.next('connected');

    const sample = 'intrusion.json';
    const eventId = await sendSample(receiving.app, connection, sample, device);

    const delivered = await mine.next('webhook_event', 5_000);
    expect(delivered.lastEventId).toBe(eventId);
    expect(JSON.parse(delivered.data)).toMatchObject({ id: eventId, device_id: device.deviceId, mapped_device_id: device.deviceId });
    await expect(theirs.next('webhook_event', 500)).rejects.toThrow('no webhook_event');
  });
});
