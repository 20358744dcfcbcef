import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alerts, events, notifications } from '../../server/db/schema';
import { IngestQueue } from '../../server/events/ingestQueue';
import { parseVortexWebhook } from '../../server/vortex/payload';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { filesUnder } from './helpers/fixtures';
import { freshDevice, freshEventId, registerDevice, vortexSample } from './helpers/vortex';

const parse = (sample: string, extra: Record<string, unknown> = {}) => parseVortexWebhook({ ...vortexSample(sample), eventId: freshEventId(), ...extra });

describe.each(databaseKinds)('IngestQueue: webhook deliveries stored together (%s)', (kind) => {
  let t: TestApp;
  let account: Account;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Batch');
  });
  afterAll(async () => t?.close());

  it('stores deliveries that arrive while one is being stored in one statement, each as it would be alone', async () => {
    const byId = freshDevice();
    const byMac = freshDevice();
    await registerDevice(t.app, account.organizationId, byId);
    await registerDevice(t.app, account.organizationId, byMac);
    const queue = new IngestQueue({ db: t.app.db, files: t.app.files });

    const first = parse('video-motion.json', { deviceId: byId.deviceId, mac: byId.mac });
    const intrusion = parse('intrusion.json', { deviceId: byId.deviceId, mac: byId.mac });
    const viaMac = parse('line-crossing.json', { deviceId: freshDevice().deviceId, mac: byMac.mac });
    const unknown = parse('unknown-device.json', { deviceId: freshDevice().deviceId });
    const audio = parse('audio.json', { deviceId: byId.deviceId, mac: byId.mac });
    const alone = queue.ingest(account.organizationId, first);
    // One turn of the event loop later, the first one's statement has been sent.
    await new Promise((resolve) => setImmediate(resolve));
    const together = [intrusion, viaMac, unknown, audio, intrusion].map((parsed) => queue.ingest(account.organizationId, parsed));
    const results = await Promise.all([alone, ...together]);

    // The first alone, the other five (one a repeat of an earlier one in the batch) together:
    // one statement's rows share its now() and ascend from it a microsecond apart.
    const offsets = await t.app.db.execute(
      sql`select id, (extract(epoch from received_at - (select received_at from ${events} where id = ${results[1]?.event.event.id})) * 1000000)::bigint as micros
          from ${events} where organization_id = ${account.organizationId} and id in ${results.slice(0, 5).map((r) => r.event.event.id)}`,
    );
    const microsById = new Map((offsets as unknown as { rows: { id: string; micros: string | number | bigint }[] }).rows.map((r) => [r.id, Number(r.micros)]));
    expect(results.slice(1, 5).map((r) => microsById.get(r.event.event.id))).toEqual([0, 1, 2, 3]);
    expect(microsById.get(results[0]?.event.event.id ?? '')).toBeLessThan(0);
    expect(results.map((r) => r.duplicate)).toEqual([false, false, false, false, false, true]);
    expect(results[5]?.event.event.id).toBe(results[1]?.event.event.id);
    expect(results.map((r) => r.event.device?.deviceId ?? null)).toEqual([byId.deviceId, byId.deviceId, byMac.deviceId, null, byId.deviceId, byId.deviceId]);
    expect(results.map((r) => r.event.event.eventType)).toEqual(['Video motion', 'Intrusion', 'Line crossing', 'Video motion', 'Audio', 'Intrusion']);

    // Alerts for Intrusion and Line crossing only, each with its notification, carried on the result.
    const ids = results.slice(0, 5).map((r) => r.event.event.id);
    const stored = await t.app.db.select().from(alerts).where(inArray(alerts.eventId, ids));
    expect(new Set(stored.map((a) => a.eventId))).toEqual(new Set([ids[1], ids[2]]));
    expect(results[1]?.alertId).toBe(stored.find((a) => a.eventId === ids[1])?.id);
    expect(results[1]?.event.alert).toEqual({ id: results[1]?.alertId, resolved: false });
    expect(results[3]?.alertId).toBeNull();
    const notes = await t.app.db.select().from(notifications).where(inArray(notifications.alertId, stored.map((a) => a.id)));
    expect(notes.map((n) => n.title).sort()).toEqual([`Intrusion on ${intrusion.deviceName}`, `Line crossing on ${viaMac.deviceName}`].sort());
    expect(notes.every((n) => n.userId === account.userId)).toBe(true);

    // The stream's replay orders by (received_at, id): the batch keeps the order it was stored in.
    const rows = await t.app.db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.organizationId, account.organizationId), inArray(events.id, ids)))
      .orderBy(asc(events.receivedAt), asc(events.id));
    expect(rows.map((r) => r.id)).toEqual(ids);
  });

  it('answers a delivery stored before as a duplicate with the stored event', async () => {
    const queue = new IngestQueue({ db: t.app.db, files: t.app.files });
    const parsed = parse('tampering.json', { deviceId: freshDevice().deviceId });
    const original = await queue.ingest(account.organizationId, parsed);
    const again = await Promise.all([parse('audio.json'), parsed, parse('audio.json')].map((p) => queue.ingest(account.organizationId, p)));
    expect(again.map((r) => r.duplicate)).toEqual([false, true, false]);
    expect(again[1]?.event.event.id).toBe(original.event.event.id);
    expect(again[1]?.alertId).toBeNull();
    const alertRows = await t.app.db.select().from(alerts).where(eq(alerts.eventId, original.event.event.id));
    expect(alertRows).toHaveLength(1);
  });

  it('retries a failed batch one delivery at a time, so only the bad one fails', async () => {
    const queue = new IngestQueue({ db: t.app.db, files: t.app.files });
    const noSuchOrganization = '00000000-0000-4000-8000-000000000000';
    const outcomes = await Promise.allSettled([
      queue.ingest(account.organizationId, parse('audio.json')),
      queue.ingest(account.organizationId, parse('audio.json')),
      queue.ingest(noSuchOrganization, parse('audio.json')),
      queue.ingest(account.organizationId, parse('intrusion.json')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  });

  it('keeps the thumbnails of stored deliveries and removes those of repeats', async () => {
    const queue = new IngestQueue({ db: t.app.db, files: t.app.files });
    const device = freshDevice();
    const withThumbnail = parse('with-thumbnail.json', { deviceId: device.deviceId });
    const results = await Promise.all([parse('audio.json'), withThumbnail, withThumbnail].map((p) => queue.ingest(account.organizationId, p)));
    expect(results.map((r) => r.duplicate)).toEqual([false, false, true]);
    const key = results[1]?.event.event.thumbnailKey;
    expect(key).toBe(`orgs/${account.organizationId}/events/${results[1]?.event.event.id}.jpg`);
    const files = await filesUnder(path.join(t.dataDir, 'files', 'orgs', account.organizationId, 'events'));
    expect(files.filter((f) => f.includes(String(results[1]?.event.event.id)))).toHaveLength(1);
    const stored = await t.app.db.select({ key: events.thumbnailKey }).from(events).where(eq(events.organizationId, account.organizationId));
    const keys = new Set(stored.flatMap((s) => (s.key ? [path.basename(s.key)] : [])));
    expect(files.map((f) => path.basename(f)).every((f) => keys.has(f))).toBe(true);
  });
});

// PostgreSQL only: the app uses parallelFrom there, with several statements at once. PGlite
// runs one statement in one chain of promises, so nothing arrives while one runs.
describe.skipIf(!process.env.TEST_DATABASE_URL)('IngestQueue on PostgreSQL: parallel statements', () => {
  let t: TestApp;
  let account: Account;

  beforeAll(async () => {
    t = await build('postgres');
    account = await createAccount(t.app, 'Parallel');
  });
  afterAll(async () => t?.close());

  it('starts a statement beside the running one only once parallelFrom deliveries wait', async () => {
    const device = freshDevice();
    await registerDevice(t.app, account.organizationId, device);
    /**
     * Stores one delivery, then two more a turn of the event loop apart, while the first
     * statement runs; the microseconds from the second's received_at to the third's (one
     * statement's rows ascend a microsecond apart from its now()).
     */
    const gap = async (queue: IngestQueue) => {
      const tick = () => new Promise((resolve) => setImmediate(resolve));
      const next = () => queue.ingest(account.organizationId, parse('video-motion.json', { deviceId: device.deviceId, mac: device.mac }));
      const first = next();
      await tick();
      const second = next();
      await tick();
      const third = next();
      const [, b, c] = await Promise.all([first, second, third]);
      const result = await t.app.db.execute(
        sql`select (extract(epoch from (select received_at from ${events} where id = ${c?.event.event.id}) - (select received_at from ${events} where id = ${b?.event.event.id})) * 1000000)::bigint as micros`,
      );
      return Number((result as unknown as { rows: { micros: string | number }[] }).rows[0]?.micros);
    };

    // The second and third wait for the first statement and are stored by one.
    expect(await gap(new IngestQueue({ db: t.app.db, files: t.app.files }, { concurrency: 4, parallelFrom: 3 }))).toBe(1);
    // With parallelFrom 1 each starts a statement of its own at once.
    expect(await gap(new IngestQueue({ db: t.app.db, files: t.app.files }, { concurrency: 4 }))).not.toBe(1);
  });
});
