import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, devices, events } from '../../server/db/schema';
import { chartData } from '../../server/analytics/service';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createBuilding, createFloor, placeDevice } from './helpers/fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const zero = { Audio: 0, 'Video motion': 0, Intrusion: 0, 'Line crossing': 0, Tampering: 0, Other: 0 };

interface Chart {
  range: string;
  bucket: string;
  from: string;
  to: string;
  series: string[];
  buckets: { start: string; counts: Record<string, number>; total: number }[];
  totals: Record<string, number>;
}

describe.each(databaseKinds)('analytics (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await build(kind);
  });
  afterAll(() => t?.close());

  const get = (account: Account, url: string) => t.app.inject({ method: 'GET', url, headers: account.headers });

  /** Stores an event of `type` that happened at `at` (as the webhook receiver would). */
  async function storeEvent(organizationId: string, type: string, at: Date) {
    const [row] = await t.app.db
      .insert(events)
      .values({ organizationId, vortexEventId: randomUUID(), deviceId: 'cam-1', eventType: type, localTime: at, raw: {} })
      .returning();
    if (!row) throw new Error('no event stored');
    return row;
  }

  async function setStatus(organizationId: string, deviceId: string, status: string) {
    await t.app.db.update(devices).set({ status }).where(sql`${devices.organizationId} = ${organizationId} and ${devices.deviceId} = ${deviceId}`);
  }

  describe('GET /v1/analytics/device-metrics', () => {
    it('is all zero for an organization without devices or alerts', async () => {
      const account = await createAccount(t.app, 'Empty');
      const response = await get(account, '/v1/analytics/device-metrics');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ total: 0, online: 0, offline: 0, error: 0, onlinePercentage: 0, offlinePercentage: 0, unresolvedAlerts: 0 });
    });

    it("counts the organization's devices by status with rounded percentages, and its unresolved alerts", async () => {
      const account = await createAccount(t.app, 'Metrics');
      const other = await createAccount(t.app, 'OtherMetrics');
      const floor = await createFloor(t.app, account.headers, (await createBuilding(t.app, account.headers)).id);
      for (const id of ['m-1', 'm-2', 'm-3']) await placeDevice(t.app, account.headers, floor.id, id);
      await setStatus(account.organizationId, 'm-1', 'online');
      await setStatus(account.organizationId, 'm-2', 'error');
      const otherFloor = await createFloor(t.app, other.headers, (await createBuilding(t.app, other.headers)).id);
      await placeDevice(t.app, other.headers, otherFloor.id, 'm-other');
      await setStatus(other.organizationId, 'm-other', 'online');

      const now = new Date();
      const open = [await storeEvent(account.organizationId, 'Intrusion', now), await storeEvent(account.organizationId, 'Tampering', now)];
      const done = await storeEvent(account.organizationId, 'Line crossing', now);
      const foreign = await storeEvent(other.organizationId, 'Intrusion', now);
      await t.app.db.insert(alerts).values([
        ...open.map((e) => ({ organizationId: account.organizationId, eventId: e.id })),
        { organizationId: account.organizationId, eventId: done.id, resolved: true, resolvedAt: now },
        { organizationId: other.organizationId, eventId: foreign.id },
      ]);

      const response = await get(account, '/v1/analytics/device-metrics');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ total: 3, online: 1, offline: 1, error: 1, onlinePercentage: 33, offlinePercentage: 33, unresolvedAlerts: 2 });

      await t.app.db.update(alerts).set({ resolved: true }).where(eq(alerts.eventId, open[0]?.id ?? ''));
      await setStatus(account.organizationId, 'm-3', 'online');
      expect((await get(account, '/v1/analytics/device-metrics')).json()).toEqual({
        total: 3,
        online: 2,
        offline: 0,
        error: 1,
        onlinePercentage: 67,
        offlinePercentage: 0,
        unresolvedAlerts: 1,
      });
    });

    it('needs a token', async () => {
      expectProblem(await t.app.inject({ method: 'GET', url: '/v1/analytics/device-metrics' }), 401);
      expectProblem(await t.app.inject({ method: 'GET', url: '/v1/analytics/chart-data' }), 401);
    });
  });

  describe('GET /v1/analytics/chart-data', () => {
    /** The bucket holding `at`, found by its start (the hour could turn while the test runs). */
    const bucketAt = (chart: Chart, at: Date) => {
      const size = chart.bucket === 'hour' ? HOUR : DAY;
      return chart.buckets.find((b) => Date.parse(b.start) <= at.getTime() && at.getTime() < Date.parse(b.start) + size);
    };

    it('gives 24 hourly UTC buckets by default, zero-filled, with events by type and Other, for this organization only', async () => {
      const account = await createAccount(t.app, 'Chart');
      const other = await createAccount(t.app, 'OtherChart');
      const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
      await storeEvent(account.organizationId, 'Intrusion', twoHoursAgo);
      await storeEvent(account.organizationId, 'Intrusion', twoHoursAgo);
      await storeEvent(account.organizationId, 'Audio', twoHoursAgo);
      await storeEvent(account.organizationId, 'Loitering', twoHoursAgo);
      await storeEvent(account.organizationId, 'Video motion', new Date(Date.now() - 30 * HOUR));
      await storeEvent(account.organizationId, 'Tampering', new Date(Date.now() - 8 * DAY));
      await storeEvent(other.organizationId, 'Intrusion', twoHoursAgo);

      const response = await get(account, '/v1/analytics/chart-data');
      expect(response.statusCode, response.body).toBe(200);
      const chart = response.json<Chart>();
      expect(chart).toMatchObject({ range: '24h', bucket: 'hour', series: Object.keys(zero) });
      expect(chart.buckets).toHaveLength(24);
      chart.buckets.forEach((b, i) => {
        expect(b.start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z$/);
        expect(Date.parse(b.start)).toBe(Date.parse(chart.from) + i * HOUR);
      });
      expect(Date.parse(chart.to)).toBe(Date.parse(chart.from) + 24 * HOUR);
      expect(Date.parse(chart.to)).toBeGreaterThan(Date.now() - 1000);
      expect(bucketAt(chart, twoHoursAgo)).toEqual({ start: expect.any(String), counts: { ...zero, Intrusion: 2, Audio: 1, Other: 1 }, total: 4 });
      expect(chart.buckets.filter((b) => b.total === 0)).toHaveLength(23);
      expect(chart.totals).toEqual({ ...zero, Intrusion: 2, Audio: 1, Other: 1 });

      const week = await get(account, '/v1/analytics/chart-data?range=7d');
      expect(week.statusCode, week.body).toBe(200);
      const weekly = week.json<Chart>();
      expect(weekly).toMatchObject({ range: '7d', bucket: 'day' });
      expect(weekly.buckets).toHaveLength(7);
      weekly.buckets.forEach((b, i) => {
        expect(b.start).toMatch(/^\d{4}-\d\d-\d\dT00:00:00\.000Z$/);
        expect(Date.parse(b.start)).toBe(Date.parse(weekly.from) + i * DAY);
      });
      expect(weekly.totals).toEqual({ ...zero, Intrusion: 2, Audio: 1, Other: 1, 'Video motion': 1 });
      expect(bucketAt(weekly, twoHoursAgo)?.counts).toMatchObject({ Intrusion: 2, Audio: 1, Other: 1 });
    });

    it('puts events on the bucket edges where they belong, whatever the session time zone', async () => {
      const account = await createAccount(t.app, 'Edges');
      const at = (iso: string) => storeEvent(account.organizationId, 'Line crossing', new Date(iso));
      for (const iso of ['2026-03-09T16:00:00Z', '2026-03-09T15:59:59Z', '2026-03-10T15:59:59Z', '2026-03-10T16:00:00Z', '2026-03-04T00:00:00Z', '2026-03-03T23:59:59Z']) {
        await at(iso);
      }
      // 2026-03-08 is a daylight-saving change in New York: a day there is not 24 hours.
      const now = new Date('2026-03-10T15:30:00Z');
      const [hourly, daily] = await t.app.db.transaction(async (tx) => {
        await tx.execute(sql`set local time zone 'America/New_York'`);
        return [await chartData(tx, account.organizationId, '24h', now), await chartData(tx, account.organizationId, '7d', now)];
      });

      expect(hourly.from).toBe('2026-03-09T16:00:00.000Z');
      expect(hourly.to).toBe('2026-03-10T16:00:00.000Z');
      expect(hourly.buckets[0]).toMatchObject({ start: '2026-03-09T16:00:00.000Z', total: 1 });
      expect(hourly.buckets[23]).toMatchObject({ start: '2026-03-10T15:00:00.000Z', total: 1 });
      expect(hourly.totals['Line crossing']).toBe(2);

      expect(daily.buckets.map((b) => b.start)).toEqual(['04', '05', '06', '07', '08', '09', '10'].map((d) => `2026-03-${d}T00:00:00.000Z`));
      expect(daily.to).toBe('2026-03-11T00:00:00.000Z');
      expect(daily.buckets.map((b) => b.total)).toEqual([1, 0, 0, 0, 0, 2, 2]);
    });

    it('refuses an unknown range and unknown filters, naming them', async () => {
      const account = await createAccount(t.app, 'BadRange');
      expect(expectFieldProblem(await get(account, '/v1/analytics/chart-data?range=30d'), 'range').detail).toBe('range must be 24h or 7d; "30d" is not a range');
      expectFieldProblem(await get(account, '/v1/analytics/chart-data?range=constructor'), 'range');
      expectFieldProblem(await get(account, '/v1/analytics/chart-data?building_id=x'), 'building_id');
    });
  });
});
