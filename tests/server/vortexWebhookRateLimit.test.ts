import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type Account } from './helpers/accounts';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { expectProblem } from './helpers/problems';
import { createConnection, freshEventId, postWebhook, storedCounts, vortexSample } from './helpers/vortex';

describe.each(databaseKinds)('VORTEX webhook rate limit per connection (%s)', (kind) => {
  let t: TestApp;
  let first: Account;
  let second: Account;

  beforeAll(async () => {
    t = await build(kind, { VORTEX_WEBHOOK_RATE_LIMIT: '3' });
    first = await createAccount(t.app, 'LimitA');
    second = await createAccount(t.app, 'LimitB');
  });
  afterAll(() => t?.close());

  const payload = () => ({ ...vortexSample('video-motion.json'), eventId: freshEventId() });

  it('answers 429 with Retry-After past VORTEX_WEBHOOK_RATE_LIMIT a minute, storing nothing, for that connection only', async () => {
    const connection = await createConnection(t, first.organizationId);
    const other = await createConnection(t, second.organizationId);
    for (let i = 0; i < 3; i += 1) expect((await postWebhook(t.app, connection, payload())).statusCode).toBe(202);
    const before = await storedCounts(t.app, first.organizationId);
    const refused = await postWebhook(t.app, connection, payload());
    expectProblem(refused, 429, 'This VORTEX connection sent more than 3 webhooks in a minute; retry in');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedCounts(t.app, first.organizationId)).toEqual(before);
    // Another connection has its own budget, even from the same address.
    expect((await postWebhook(t.app, other, payload())).statusCode).toBe(202);
  });

  it('does not count requests with a wrong secret, so a stranger cannot spend a connection’s budget', async () => {
    const fresh = await createAccount(t.app, 'LimitC');
    const connection = await createConnection(t, fresh.organizationId);
    for (let i = 0; i < 5; i += 1) expectProblem(await postWebhook(t.app, { id: connection.id, secret: 'guess' }, payload()), 401);
    for (let i = 0; i < 3; i += 1) expect((await postWebhook(t.app, connection, payload())).statusCode).toBe(202);
    expectProblem(await postWebhook(t.app, connection, payload()), 429);
  });
});
