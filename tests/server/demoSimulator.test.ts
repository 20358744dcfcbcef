import type { AddressInfo } from 'node:net';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devicePositions, devices, events } from '../../server/db/schema';
import { DEMO_BUILDINGS, DEMO_UNPLACED_CAMERAS } from '../../server/demo/data';
import { seedDemo } from '../../server/demo/seed';
import { DEMO_API_KEY_PREFIX, loopbackOrigin, startDemoSimulator, type DemoSimulator } from '../../server/demo/simulator';
import { apiKeyOf, findOrganizationConnection, webhookSecretOf } from '../../server/vortex/repository';
import { deriveVortexKey } from '../../server/vortex/secrets';
import { saveCredentials } from '../../server/vortex/service';
import { createSeededRandom } from '../../server/vortex-sim/random';
import { build, databaseKinds, type TestApp } from './helpers/build';

const demoCameraIds = [...DEMO_BUILDINGS.flatMap((b) => b.floors.flatMap((f) => f.cameras)), ...DEMO_UNPLACED_CAMERAS].map((c) => c.id);

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(databaseKinds)('the demo’s in-process VORTEX simulator (%s)', (kind) => {
  let t: TestApp;
  let receiverOrigin: string;
  let organizationId: string;
  const key = deriveVortexKey('test-secret-test-secret-test-secret-0123');

  beforeAll(async () => {
    t = await build(kind);
    expect(await seedDemo(t.app)).toBe(true);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    receiverOrigin = loopbackOrigin(t.app.server.address() as AddressInfo);
  }, 120_000);
  afterAll(() => t?.close());

  const eventCount = async () => (await t.app.db.select({ n: count() }).from(events).where(eq(events.organizationId, organizationId)))[0]?.n ?? 0;

  it('starts, saves itself as the demo organization’s VORTEX, syncs the demo devices, and its events reach placed cameras; stops cleanly', async () => {
    const demo = await startDemoSimulator(t.app, { jwtSecret: t.config.jwtSecret, receiverOrigin, eventsPerMinute: 1_200, random: createSeededRandom(7) });
    expect(demo).not.toBeNull();
    const running = demo as DemoSimulator;
    organizationId = running.organizationId;
    try {
      expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const connection = await findOrganizationConnection(t.app.db, organizationId);
      expect(connection?.id).toBe(running.connectionId);
      expect(connection?.baseUrl).toBe(running.url);
      expect(apiKeyOf(key, connection!)).toMatch(new RegExp(`^${DEMO_API_KEY_PREFIX}`));
      expect(connection?.lastSyncAt).toBeInstanceOf(Date);

      // The first sync found every seeded camera (none new) and added the non-camera devices.
      expect(running.sync).toMatchObject({ updated: demoCameraIds.length, created: 3, total: demoCameraIds.length + 3 });
      const types = await t.app.db.selectDistinct({ type: devices.type }).from(devices).where(eq(devices.organizationId, organizationId));
      expect(types.map((r) => r.type).sort()).toEqual(['CAMERA', 'IO_MODULE', 'NVR', 'NVR_CAMERA']);

      await waitFor(async () => (await eventCount()) >= 10, 15_000, 'ten demo events');
      const stored = await t.app.db.select({ mapped: events.mappedDevicePk, deviceId: events.deviceId }).from(events).where(eq(events.organizationId, organizationId));
      expect(stored.every((e) => e.mapped !== null)).toBe(true);
      const onPlacedCameras = await t.app.db
        .select({ n: count() })
        .from(events)
        .innerJoin(devicePositions, eq(devicePositions.devicePk, events.mappedDevicePk))
        .where(and(eq(events.organizationId, organizationId), isNotNull(events.mappedDevicePk)));
      expect(onPlacedCameras[0]?.n).toBeGreaterThan(0);
      expect(running.poster?.failed()).toBe(0);
    } finally {
      await running.stop();
    }
    // Deliveries the receiver had taken before stop() aborted them may still be stored; then nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await eventCount();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await eventCount()).toBe(after);
    await expect(fetch(`${running.url}/api/v1/health`)).rejects.toThrow();
  });

  it('on a later start, takes over its own earlier credentials with the new port, keeping the connection id and secret', async () => {
    const before = await findOrganizationConnection(t.app.db, organizationId);
    const demo = await startDemoSimulator(t.app, { jwtSecret: t.config.jwtSecret, receiverOrigin, eventsPerMinute: 0 });
    try {
      expect(demo?.poster).toBeNull();
      expect(demo?.connectionId).toBe(before?.id);
      const after = await findOrganizationConnection(t.app.db, organizationId);
      expect(after?.baseUrl).toBe(demo?.url);
      expect(webhookSecretOf(key, after!)).toBe(webhookSecretOf(key, before!));
      expect(demo?.sync).toMatchObject({ created: 0, total: demoCameraIds.length + 3 });
      const health = await fetch(`${demo?.url}/api/v1/health`, { headers: { authorization: `Bearer ${apiKeyOf(key, after!)}` } });
      expect(health.status).toBe(200);
    } finally {
      await demo?.stop();
    }
  });

  it('starts nothing when a person configured the demo organization’s VORTEX', async () => {
    const mine = await findOrganizationConnection(t.app.db, organizationId);
    await saveCredentials({ db: t.app.db, encryptionKey: key }, organizationId, { baseUrl: 'https://vortex.example.test', apiKey: 'a-real-key-1234' });
    expect(await startDemoSimulator(t.app, { jwtSecret: t.config.jwtSecret, receiverOrigin, eventsPerMinute: 20 })).toBeNull();
    const still = await findOrganizationConnection(t.app.db, organizationId);
    expect(still?.baseUrl).toBe('https://vortex.example.test');
    expect(still?.id).toBe(mine?.id);
  });
});

describe('the demo simulator without a demo organization', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await build('pglite');
  });
  afterAll(() => t?.close());

  it('starts nothing', async () => {
    expect(await startDemoSimulator(t.app, { jwtSecret: t.config.jwtSecret, receiverOrigin: 'http://127.0.0.1:9', eventsPerMinute: 20 })).toBeNull();
  });

  it('refuses a negative pace', async () => {
    await expect(startDemoSimulator(t.app, { jwtSecret: t.config.jwtSecret, receiverOrigin: 'http://127.0.0.1:9', eventsPerMinute: -1 })).rejects.toThrow(RangeError);
  });
});

describe('loopbackOrigin', () => {
  it.each([
    [{ address: '0.0.0.0', family: 'IPv4', port: 8080 }, 'http://127.0.0.1:8080'],
    [{ address: '127.0.0.1', family: 'IPv4', port: 81 }, 'http://127.0.0.1:81'],
    [{ address: '::', family: 'IPv6', port: 8080 }, 'http://[::1]:8080'],
    [{ address: '::1', family: 'IPv6', port: 3000 }, 'http://[::1]:3000'],
    [{ address: '192.0.2.10', family: 'IPv4', port: 8080 }, 'http://192.0.2.10:8080'],
  ])('%o is reached at %s', (address, origin) => {
    expect(loopbackOrigin(address)).toBe(origin);
  });
});
