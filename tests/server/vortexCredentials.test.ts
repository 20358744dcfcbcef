import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vortexConnections } from '../../server/db/schema';
import { apiKeyOf, findOrganizationConnection } from '../../server/vortex/repository';
import { deriveVortexKey } from '../../server/vortex/secrets';
import { createAccount, type Account } from './helpers/accounts';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { postWebhook, vortexSample } from './helpers/vortex';

type Credentials = { base_url: string; api_key_last4: string; webhook_url: string; webhook_secret: string; last_sync_at: string | null };

describe.each(databaseKinds)('VORTEX credentials API (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let other: Account;
  const key = deriveVortexKey('test-secret-test-secret-test-secret-0123');

  beforeAll(async () => {
    t = await build(kind, { PUBLIC_URL: 'https://floorwatch.example.test/' });
    account = await createAccount(t.app, 'Creds');
    other = await createAccount(t.app, 'CredsOther');
  });
  afterAll(() => t?.close());

  const save = (payload: unknown, who: Account = account) => t.app.inject({ method: 'POST', url: '/v1/vortex/credentials', headers: who.headers, payload: payload as object });
  const read = (who: Account = account) => t.app.inject({ method: 'GET', url: '/v1/vortex/credentials', headers: who.headers });

  it('answers 404 before anything is saved', async () => {
    expectProblem(await read(), 404, 'VORTEX credentials not found');
  });

  it('saves without contacting VORTEX, stores the key sealed and shows only its last four characters', async () => {
    // Nothing listens on port 9 of this address: saving must not need VORTEX to answer.
    const response = await save({ base_url: 'http://127.0.0.1:9/vortex/', api_key: 'vx-live-key-1234' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Credentials>();
    const connection = await findOrganizationConnection(t.app.db, account.organizationId);
    expect(connection).toBeDefined();
    expect(body).toEqual({
      base_url: 'http://127.0.0.1:9/vortex',
      api_key_last4: '1234',
      webhook_url: `https://floorwatch.example.test/v1/vortex/webhooks/${connection?.id}`,
      webhook_secret: expect.stringMatching(/^whsec_[\w-]{32}$/),
      last_sync_at: null,
    });
    expect(response.body).not.toContain('vx-live-key');
    expect(connection?.apiKeyEncrypted).not.toContain('vx-live-key');
    expect(apiKeyOf(key, connection!)).toBe('vx-live-key-1234');
    const again = await read();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    expect(again.body).not.toContain('vx-live-key');
  });

  it('keeps the webhook secret, the connection id and (when omitted) the API key on a later save', async () => {
    const before = (await read()).json<Credentials>();
    const response = await save({ base_url: 'https://vortex.example.test' });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json<Credentials>();
    expect(after).toEqual({ ...before, base_url: 'https://vortex.example.test' });
    const connection = await findOrganizationConnection(t.app.db, account.organizationId);
    expect(apiKeyOf(key, connection!)).toBe('vx-live-key-1234');

    const newKey = (await save({ base_url: 'https://vortex.example.test', api_key: 'vx-second-key-9876' })).json<Credentials>();
    expect(newKey).toEqual({ ...before, base_url: 'https://vortex.example.test', api_key_last4: '9876' });
  });

  it('makes a new webhook secret on rotate_webhook_secret, and the receiver then takes only the new one', async () => {
    const before = (await read()).json<Credentials>();
    // Taken once with the old secret first, so the receiver has the connection cached.
    const beforeId = before.webhook_url.split('/').pop() ?? '';
    expect((await postWebhook(t.app, { id: beforeId, secret: before.webhook_secret }, { ...vortexSample('intrusion.json'), eventId: 'evt-rotate-0' })).statusCode).toBe(202);
    const rotated = (await save({ base_url: before.base_url, rotate_webhook_secret: true })).json<Credentials>();
    expect(rotated.webhook_secret).not.toBe(before.webhook_secret);
    expect(rotated.webhook_url).toBe(before.webhook_url);
    const id = rotated.webhook_url.split('/').pop() ?? '';
    const payload = { ...vortexSample('intrusion.json'), eventId: 'evt-rotate-1' };
    expectProblem(await postWebhook(t.app, { id, secret: before.webhook_secret }, payload), 401);
    expect((await postWebhook(t.app, { id, secret: rotated.webhook_secret }, payload)).statusCode).toBe(202);
    // rotate_webhook_secret: false keeps it.
    expect((await save({ base_url: before.base_url, rotate_webhook_secret: false })).json<Credentials>().webhook_secret).toBe(rotated.webhook_secret);
  });

  it('keeps organizations apart', async () => {
    expectProblem(await read(other), 404);
    const theirs = (await save({ base_url: 'https://other.example.test', api_key: 'other-key-5555' }, other)).json<Credentials>();
    const ours = (await read()).json<Credentials>();
    expect(theirs.webhook_url).not.toBe(ours.webhook_url);
    expect(theirs.webhook_secret).not.toBe(ours.webhook_secret);
    expect(ours.api_key_last4).toBe('9876');
    const rows = await t.app.db.select().from(vortexConnections).where(eq(vortexConnections.organizationId, other.organizationId));
    expect(rows).toHaveLength(1);
  });

  describe('bad input', () => {
    it('needs an api_key the first time', async () => {
      const fresh = await createAccount(t.app, 'CredsFresh');
      expectFieldProblem(await save({ base_url: 'https://vortex.example.test' }, fresh), 'api_key');
      expectProblem(await read(fresh), 404);
    });

    it.each([
      ['missing', { api_key: 'k-1234' }],
      ['not a URL', { base_url: 'vortex.example.test', api_key: 'k-1234' }],
      ['relative', { base_url: '/api', api_key: 'k-1234' }],
      ['not http(s)', { base_url: 'ftp://vortex.example.test', api_key: 'k-1234' }],
      ['with a password', { base_url: 'https://user:pw@vortex.example.test', api_key: 'k-1234' }],
      ['empty', { base_url: '', api_key: 'k-1234' }],
      ['a number', { base_url: 42, api_key: 'k-1234' }],
    ])('refuses a base_url that is %s, naming the field, and changes nothing', async (_why, payload) => {
      const before = (await read()).json<Credentials>();
      expectFieldProblem(await save(payload), 'base_url');
      expect((await read()).json()).toEqual(before);
    });

    it('refuses an empty api_key, a non-boolean rotate_webhook_secret and unknown fields', async () => {
      expectFieldProblem(await save({ base_url: 'https://vortex.example.test', api_key: '' }), 'api_key');
      expectFieldProblem(await save({ base_url: 'https://vortex.example.test', rotate_webhook_secret: 'yes' }), 'rotate_webhook_secret');
      expectProblem(await save({ base_url: 'https://vortex.example.test', webhook_secret: 'mine' }), 400, 'webhook_secret is not a known field');
    });

    it('needs a signed-in user', async () => {
      expectProblem(await t.app.inject({ method: 'GET', url: '/v1/vortex/credentials' }), 401);
      expectProblem(await t.app.inject({ method: 'POST', url: '/v1/vortex/credentials', payload: { base_url: 'https://x.test', api_key: 'k' } }), 401);
    });
  });
});
