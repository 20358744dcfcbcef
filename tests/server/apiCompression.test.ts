import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { createBuilding } from './helpers/fixtures';

/** Answers of the API are compressed when large enough; the event stream never is. */
describe.each(databaseKinds)('API compression (%s)', (kind) => {
  let t: TestApp;
  let account: Account;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Compressed');
    for (let i = 0; i < 10; i++) {
      await createBuilding(t.app, account.headers, { name: `Building number ${i} with a long enough name`, address: `${i} Long Street, Some Quarter, Big City, Country` });
    }
  });
  afterAll(() => t?.close());

  const list = (acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url: '/v1/buildings', headers: { ...account.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });

  it('sends a large JSON answer as brotli or gzip, as the client accepts, with the same content', async () => {
    const plain = await list();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const brotli = await list('br, gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves small answers as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses the server-sent event stream, so each event reaches the browser at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const token = account.accessToken;
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: `/v1/events/stream?token=${encodeURIComponent(token)}`, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        res.once('data', () => {
          resolve({ ...res.headers, status: res.statusCode });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(headers.status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/event-stream/);
    expect(headers['content-encoding']).toBeUndefined();
  });
});
