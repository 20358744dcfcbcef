import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Problem } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { assertStream, openSse, type SseRefused, type SseStream } from './helpers/sseClient';
import { insertEvent, insertEvents, messageOf } from './helpers/storedEvents';
import { jwtClaims, signJwt } from './helpers/tokens';

const HEARTBEAT_MS = 200;
const MINUTE_MS = 60_000;

describe.each(databaseKinds)('GET /v1/events/stream (%s)', (kind) => {
  let t: TestApp;
  let baseUrl: string;
  let acme: Account;
  let globex: Account;
  const open: SseStream[] = [];

  beforeAll(async () => {
    t = await build(kind, {}, { sseHeartbeatMs: HEARTBEAT_MS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/events/stream`;
    acme = await createAccount(t.app, 'Acme');
    globex = await createAccount(t.app, 'Globex');
  });
  afterEach(() => {
    for (const stream of open.splice(0)) stream.close();
  });
  afterAll(() => t?.close());

  const url = (query: Record<string, string>) => `${baseUrl}?${new URLSearchParams(query).toString()}`;

  async function stream(query: Record<string, string>, headers: Record<string, string> = {}): Promise<SseStream> {
    const opened = assertStream(await openSse(url(query), headers));
    open.push(opened);
    await expect(opened.next('connected')).resolves.toBeDefined();
    return opened;
  }

  function expectRefused(result: SseStream | SseRefused, detail: string): void {
    if (!('body' in result)) {
      result.close();
      throw new Error('a stream was opened');
    }
    expect(result.status).toBe(401);
    expect(result.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = JSON.parse(result.body) as Problem;
    expect(problem).toMatchObject({ type: 'about:blank', status: 401, title: 'Unauthorized' });
    expect(problem.detail).toContain(detail);
  }

  it('opens with the SSE headers and a connected event', async () => {
    const opened = assertStream(await openSse(url({ token: acme.accessToken })));
    open.push(opened);
    expect(opened.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(opened.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(opened.headers.get('x-accel-buffering')).toBe('no');
    expect(opened.headers.get('x-content-type-options')).toBe('nosniff');
    const first = await opened.next();
    expect(first).toEqual({ event: 'connected', data: JSON.stringify({ status: 'connected', heartbeat_interval_ms: HEARTBEAT_MS }), lastEventId: '' });
  });

  it('refuses a missing, invalid, expired or revoked token with a 401 problem and no stream', async () => {
    expectRefused(await openSse(baseUrl), '?token=');
    expectRefused(await openSse(url({ token: '' })), '?token=');
    expectRefused(await openSse(url({ token: 'not-a-jwt' })), 'invalid');
    const claims = jwtClaims(acme.accessToken);
    expectRefused(await openSse(url({ token: signJwt(claims, 'another-secret-another-secret-0123456789') })), 'invalid');
    const now = Math.floor(Date.now() / 1000);
    expectRefused(await openSse(url({ token: signJwt({ ...claims, iat: now - 1000, exp: now - 100 }, t.config.jwtSecret) })), 'expired');

    const leaving = await createAccount(t.app, 'Leaving');
    const logout = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: leaving.headers });
    expect(logout.statusCode).toBe(204);
    expectRefused(await openSse(url({ token: leaving.accessToken })), 'session has ended');
  });

  it('sends each published event as webhook_event with its id, to its own organization only', async () => {
    const acmeStream = await stream({ token: acme.accessToken });
    const globexStream = await stream({ token: globex.accessToken });
    const globexEvent = messageOf(await insertEvent(t.app, globex.organizationId));
    const acmeEvent = messageOf(await insertEvent(t.app, acme.organizationId));

    await t.app.eventBus.publish(globexEvent);
    await t.app.eventBus.publish(acmeEvent);

    // The in-process bus delivers in order, so Globex's event would have come first.
    const received = await acmeStream.next('webhook_event');
    expect(received).toEqual({ event: 'webhook_event', data: JSON.stringify(acmeEvent.event), lastEventId: acmeEvent.event.id });
    expect(await globexStream.next('webhook_event')).toMatchObject({ lastEventId: globexEvent.event.id });
    expect(acmeStream.received.filter((m) => m.event === 'webhook_event')).toHaveLength(1);
    expect(globexStream.received.filter((m) => m.event === 'webhook_event')).toHaveLength(1);
  });

  it('sends a heartbeat at the configured interval', async () => {
    const opened = await stream({ token: acme.accessToken });
    const started = Date.now();
    const beat = await opened.next('heartbeat', HEARTBEAT_MS * 10);
    expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 5);
    expect(Date.parse((JSON.parse(beat.data) as { time: string }).time)).toBeGreaterThan(started - 1_000);
    await opened.next('heartbeat', HEARTBEAT_MS * 10);
  });

  describe('replay after a reconnect', () => {
    /** Each replay test has an organization of its own, so no other test's events fall in its window. */
    let account: Account;
    beforeEach(async () => {
      account = await createAccount(t.app, 'Replay');
    });

    /** Webhook events that arrive, in order, until `count` of them came or the wait ends. */
    async function webhookIds(opened: SseStream, count: number, timeoutMs = 3_000): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) ids.push((await opened.next('webhook_event', timeoutMs)).lastEventId);
      return ids;
    }

    it('replays the events received after ?last_event_id=, oldest first, before live ones', async () => {
      const [seen, ...missed] = await insertEvents(t.app, account.organizationId, 3, 5_000);
      await insertEvent(t.app, globex.organizationId, 4_000);
      const opened = await stream({ token: account.accessToken, last_event_id: seen!.id });
      const live = messageOf(await insertEvent(t.app, account.organizationId));
      await t.app.eventBus.publish(live);

      expect(await webhookIds(opened, 3)).toEqual([...missed.map((e) => e.id), live.event.id]);
      const replayed = opened.received.find((m) => m.lastEventId === missed[0]!.id);
      expect(JSON.parse(replayed!.data)).toEqual(messageOf(missed[0]!).event);
    });

    it('honours the Last-Event-ID header, which wins over the query parameter', async () => {
      const rows = await insertEvents(t.app, account.organizationId, 4, 5_000);
      const opened = await stream({ token: account.accessToken, last_event_id: rows[0]!.id }, { 'last-event-id': rows[2]!.id });
      const live = messageOf(await insertEvent(t.app, account.organizationId));
      await t.app.eventBus.publish(live);
      expect(await webhookIds(opened, 2)).toEqual([rows[3]!.id, live.event.id]);
    });

    it('replays at most 200: the newest ones, oldest first', async () => {
      const [seen, ...missed] = await insertEvents(t.app, account.organizationId, 206, 3_000);
      const opened = await stream({ token: account.accessToken, last_event_id: seen!.id });
      const live = messageOf(await insertEvent(t.app, account.organizationId));
      await t.app.eventBus.publish(live);

      const ids = await webhookIds(opened, 201);
      expect(ids.slice(0, 200)).toEqual(missed.slice(5).map((e) => e.id));
      expect(ids[200]).toBe(live.event.id);
    });

    it('replays nothing older than 10 minutes', async () => {
      const seen = await insertEvent(t.app, account.organizationId, 20 * MINUTE_MS);
      await insertEvent(t.app, account.organizationId, 10 * MINUTE_MS + 5_000);
      const recent = await insertEvent(t.app, account.organizationId, 9 * MINUTE_MS);
      const opened = await stream({ token: account.accessToken, last_event_id: seen.id });
      const live = messageOf(await insertEvent(t.app, account.organizationId));
      await t.app.eventBus.publish(live);
      expect(await webhookIds(opened, 2)).toEqual([recent.id, live.event.id]);
    });

    it("replays nothing for an id that is not a UUID, unknown, or another organization's, and still streams live", async () => {
      await insertEvents(t.app, account.organizationId, 2, 2_000);
      const theirs = await insertEvent(t.app, globex.organizationId, 60_000);
      for (const lastEventId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', theirs.id]) {
        const opened = await stream({ token: account.accessToken, last_event_id: lastEventId });
        const live = messageOf(await insertEvent(t.app, account.organizationId));
        await t.app.eventBus.publish(live);
        expect(await webhookIds(opened, 1)).toEqual([live.event.id]);
        opened.close();
      }
    });
  });

  it('ends open streams when the app closes', async () => {
    const other = await build(kind, {}, { sseHeartbeatMs: HEARTBEAT_MS });
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      const account = await createAccount(other.app, 'Closing');
      const port = (other.app.server.address() as AddressInfo).port;
      const opened = assertStream(await openSse(`http://127.0.0.1:${port}/v1/events/stream?token=${account.accessToken}`));
      await opened.next('connected');
      const closing = other.app.close();
      await expect(Promise.race([closing.then(() => 'closed'), new Promise((r) => setTimeout(r, 5_000, 'stuck'))])).resolves.toBe('closed');
      await opened.ended;
    } finally {
      await other.close();
    }
  });
});

describe('GET /v1/events/stream logging', () => {
  it('never writes the token in the URL to the log, even at trace level', async () => {
    const lines: string[] = [];
    const tokens: string[] = [];
    const t = await build('pglite', { LOG_LEVEL: 'trace' }, { logger: true, logStream: { write: (line) => void lines.push(line) } });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const streamUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/events/stream`;
      const account = await createAccount(t.app, 'Logged');
      const now = Math.floor(Date.now() / 1000);
      const expired = signJwt({ ...jwtClaims(account.accessToken), iat: now - 1000, exp: now - 100 }, t.config.jwtSecret);
      tokens.push(account.accessToken, expired);

      const opened = assertStream(await openSse(`${streamUrl}?token=${account.accessToken}&last_event_id=${randomUUID()}`));
      const connected = await opened.next('connected');
      expect(JSON.parse(connected.data)).toEqual({ status: 'connected', heartbeat_interval_ms: 15_000 });
      opened.close();
      await opened.ended;
      const refused = await openSse(`${streamUrl}?token=${expired}`);
      expect(refused.status).toBe(401);
    } finally {
      await t.close();
    }

    const streamLines = lines.filter((line) => line.includes('/v1/events/stream?token=[REDACTED]'));
    expect(streamLines.length).toBeGreaterThanOrEqual(2);
    // No whole token, no signature part of one, and nothing shaped like a JWT on any line.
    const signatures = tokens.map((token) => token.split('.')[2] ?? token);
    expect(lines.filter((line) => [...tokens, ...signatures].some((secret) => line.includes(secret)))).toEqual([]);
    expect(lines.filter((line) => /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/.test(line))).toEqual([]);
  });
});
