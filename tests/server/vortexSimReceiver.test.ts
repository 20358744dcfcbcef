import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedFleet } from '../../server/vortex-sim/devices';
import { createSeededRandom } from '../../server/vortex-sim/random';
import { startWebhookPoster } from '../../server/vortex-sim/webhookPoster';
import { createAccount, type Account } from './helpers/accounts';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createConnection, storedCounts } from './helpers/vortex';

/** The simulator's webhooks against Floorwatch's real receiver, as the demo will run them. */
describe.each(databaseKinds)('simulated VORTEX webhooks into the receiver (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let receiverUrl: string;
  let connection: { id: string; secret: string };

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Simulated');
    connection = await createConnection(t, account.organizationId);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    receiverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/vortex/webhooks/${connection.id}`;
  });
  afterAll(() => t?.close());

  it('accepts every event the poster sends and stores them, with alerts for the alert types', async () => {
    const deliveries: (number | null)[] = [];
    const poster = startWebhookPoster({
      url: receiverUrl,
      secret: connection.secret,
      ratePerSecond: 40,
      devices: simulatedFleet(),
      random: createSeededRandom(11),
      onDelivery: (d) => deliveries.push(d.status),
    });
    const until = Date.now() + 15_000;
    while (poster.sent() < 40 && poster.failed() === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    await poster.stop();
    expect(poster.failed()).toBe(0);
    expect(poster.sent()).toBeGreaterThanOrEqual(40);
    expect(new Set(deliveries)).toEqual(new Set([202]));
    const stored = await storedCounts(t.app, account.organizationId);
    // stop() may abort requests the receiver had already taken.
    expect(stored.events).toBeGreaterThanOrEqual(poster.sent());
    expect(stored.events).toBeLessThanOrEqual(poster.sent() + 8);
    expect(stored.alerts).toBeGreaterThan(0);
  });

  it('is refused with a wrong secret, and counts those deliveries as failed', async () => {
    const poster = startWebhookPoster({ url: receiverUrl, secret: 'not-the-secret', ratePerSecond: 20, devices: simulatedFleet(), random: createSeededRandom(3) });
    const until = Date.now() + 10_000;
    while (poster.failed() < 3 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    await poster.stop();
    expect(poster.failed()).toBeGreaterThanOrEqual(3);
    expect(poster.sent()).toBe(0);
  });
});
