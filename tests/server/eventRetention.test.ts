import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, events, notifications } from '../../server/db/schema';
import { DAY_MS, RetentionJob } from '../../server/events/retention';
import { createAccount, type Account } from './helpers/accounts';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createConnection, freshDevice, sendSample, storedCounts } from './helpers/vortex';

/** The clock the job is given: retention is measured from it, not from the real time. */
const NOW = new Date('2026-03-01T12:00:00Z');

describe.each(databaseKinds)('events retention job (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let other: Account;
  let clockReads = 0;

  beforeAll(async () => {
    t = await build(
      kind,
      { EVENT_RETENTION_DAYS: '30' },
      {
        eventRetention: {
          firstRunDelayMs: 24 * 3_600_000,
          intervalMs: 24 * 3_600_000,
          now: () => {
            clockReads += 1;
            return NOW;
          },
        },
      },
    );
    account = await createAccount(t.app, 'Retention');
    other = await createAccount(t.app, 'RetentionOther');
  });
  afterAll(() => t?.close());

  /** Sends a sample and sets when it was received, `daysAgo` days before the job's clock. */
  async function eventReceived(who: Account, connection: { id: string; secret: string }, sample: string, daysAgo: number) {
    const id = await sendSample(t.app, connection, sample, freshDevice());
    await t.app.db.update(events).set({ receivedAt: new Date(NOW.getTime() - daysAgo * DAY_MS) }).where(eq(events.id, id));
    return id;
  }

  it('takes EVENT_RETENTION_DAYS from the config', () => {
    expect(t.config.eventRetentionDays).toBe(30);
  });

  it('deletes events received before the retention window, with their alerts, notifications and thumbnails', async () => {
    const connection = await createConnection(t, account.organizationId);
    const otherConnection = await createConnection(t, other.organizationId);
    const oldWithThumbnail = await eventReceived(account, connection, 'with-thumbnail.json', 31);
    const oldMotion = await eventReceived(account, connection, 'video-motion.json', 45);
    const kept = await eventReceived(account, connection, 'intrusion.json', 29);
    const otherOld = await eventReceived(other, otherConnection, 'tampering.json', 400);
    const [thumbnail] = await t.app.db.select({ key: events.thumbnailKey }).from(events).where(eq(events.id, oldWithThumbnail));
    expect(thumbnail?.key).toEqual(expect.any(String));
    expect(await t.app.files.get(thumbnail!.key!)).not.toBeNull();
    const alertsOfOld = await t.app.db.select({ id: alerts.id }).from(alerts).where(inArray(alerts.eventId, [oldWithThumbnail, otherOld]));
    expect(alertsOfOld).toHaveLength(2);

    const result = await t.app.eventRetention.runOnce();

    expect(result).toEqual({ events: 3, fileErrors: 0 });
    const left = await t.app.db.select({ id: events.id }).from(events).where(inArray(events.id, [oldWithThumbnail, oldMotion, kept, otherOld]));
    expect(left.map((row) => row.id)).toEqual([kept]);
    const [orphanAlerts] = await t.app.db.select({ n: count() }).from(alerts).where(inArray(alerts.eventId, [oldWithThumbnail, otherOld]));
    expect(orphanAlerts?.n).toBe(0);
    const [orphanNotifications] = await t.app.db.select({ n: count() }).from(notifications).where(inArray(notifications.alertId, alertsOfOld.map((a) => a.id)));
    expect(orphanNotifications?.n).toBe(0);
    expect(await t.app.files.get(thumbnail!.key!)).toBeNull();
    expect(await storedCounts(t.app, account.organizationId)).toEqual({ events: 1, alerts: 1, notifications: 1 });

    // Nothing left to delete: a second run is a no-op.
    expect(await t.app.eventRetention.runOnce()).toEqual({ events: 0, fileErrors: 0 });
  });

  it('deletes in batches until none are left', async () => {
    const connection = await createConnection(t, other.organizationId);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await sendSample(t.app, connection, 'audio.json', freshDevice()));
    // Copies of one row, enough to need more than one batch of 500.
    const [row] = await t.app.db.select().from(events).where(eq(events.id, ids[0]!));
    const copies = Array.from({ length: 1_100 }, (_, i) => ({ ...row!, id: undefined, vortexEventId: `bulk-${i}`, receivedAt: new Date(NOW.getTime() - 90 * DAY_MS) }));
    for (let i = 0; i < copies.length; i += 250) await t.app.db.insert(events).values(copies.slice(i, i + 250));
    const result = await t.app.eventRetention.runOnce();
    expect(result.events).toBe(1_100);
    const [left] = await t.app.db.select({ n: count() }).from(events).where(eq(events.organizationId, other.organizationId));
    expect(left?.n).toBe(3);
  });

  it('runs on its own timer, soon after start and then every interval, and stops when told', async () => {
    const connection = await createConnection(t, account.organizationId);
    const runs: number[] = [];
    const job = new RetentionJob(
      { db: t.app.db, files: t.app.files },
      { days: 30, firstRunDelayMs: 5, intervalMs: 20, now: () => NOW, onRun: (result) => runs.push(result.events) },
    );
    const old = await eventReceived(account, connection, 'line-crossing.json', 60);
    job.start();
    const deadline = Date.now() + 5_000;
    while (runs.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    await job.stop();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs[0]).toBe(1);
    expect(runs.slice(1).every((n) => n === 0)).toBe(true);
    expect(await t.app.db.select().from(events).where(eq(events.id, old))).toEqual([]);
    const after = runs.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs.length).toBe(after);
  });

  it('refuses a retention below one day', () => {
    expect(() => new RetentionJob({ db: t.app.db, files: t.app.files }, { days: 0 })).toThrow(RangeError);
  });

  it('the app’s own job ran only when asked (its first run is a day away) and stops on close', async () => {
    expect(clockReads).toBe(3);
    const second = await build(kind, { EVENT_RETENTION_DAYS: '1' }, { eventRetention: { firstRunDelayMs: 5, intervalMs: 10, now: () => NOW } });
    let reads = 0;
    const job = second.app.eventRetention;
    const original = job.runOnce.bind(job);
    job.runOnce = async () => {
      reads += 1;
      return original();
    };
    await second.close();
    const at = reads;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toBe(at);
  });
});
