import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VortexConnectorError, type VortexConnectorErrorKind } from '../../server/vortex/connector';
import { HttpVortexConnector, VORTEX_TIMEOUT_MS } from '../../server/vortex/httpConnector';

const API_KEY = 'test-key-9f2c';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A stand-in VORTEX on 127.0.0.1; each test sets `handler` and reads `seen`. */
let server: Server;
let baseUrl: string;
let handler: Handler;
let seen: { url: string; authorization: string | undefined; accept: string | undefined }[];
let jpeg: Buffer;

const sendJson = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366ff' } }).jpeg().toBuffer();
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization, accept: request.headers.accept });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  handler = (_request, response) => sendJson(response, 500, { error: 'no handler' });
});

const connector = (options: { baseUrl?: string; timeoutMs?: number } = {}) =>
  new HttpVortexConnector({ baseUrl: options.baseUrl ?? baseUrl, apiKey: API_KEY, timeoutMs: options.timeoutMs });

/** Awaits a call expected to fail; returns the connector error after checking its kind. */
async function failure(call: Promise<unknown>, kind: VortexConnectorErrorKind): Promise<VortexConnectorError> {
  const error = await call.then(
    () => expect.unreachable('the call succeeded'),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(VortexConnectorError);
  expect((error as VortexConnectorError).kind).toBe(kind);
  expect((error as VortexConnectorError).message).not.toContain(API_KEY);
  return error as VortexConnectorError;
}

describe('HttpVortexConnector on success', () => {
  it('testConnection GETs /api/v1/health with the bearer key and returns the version', async () => {
    handler = (_request, response) => sendJson(response, 200, { status: 'ok', version: '2.4.1' });
    await expect(connector().testConnection()).resolves.toEqual({ ok: true, version: '2.4.1' });
    expect(seen).toEqual([{ url: '/api/v1/health', authorization: `Bearer ${API_KEY}`, accept: 'application/json' }]);
  });

  it('testConnection leaves the version out when VORTEX gives none', async () => {
    handler = (_request, response) => sendJson(response, 200, { status: 'ok' });
    await expect(connector().testConnection()).resolves.toEqual({ ok: true });
  });

  it('keeps a base URL path prefix and drops trailing slashes', async () => {
    handler = (_request, response) => sendJson(response, 200, { status: 'ok' });
    await connector({ baseUrl: `${baseUrl}/vortex/` }).testConnection();
    expect(seen[0]?.url).toBe('/vortex/api/v1/health');
  });

  it('listDevices reads { devices: [...] } and normalises MACs', async () => {
    handler = (_request, response) =>
      sendJson(response, 200, {
        devices: [
          { deviceId: '0002D1A4C7F1', name: 'FD9387 Loading Dock', type: 'CAMERA', status: 'online', mac: '00-02-d1-a4-c7-f1', firmware: '0100a' },
          { deviceId: 'nvr-1-ch2', name: 'NVR channel 2', type: 'NVR_CAMERA', status: 'offline', mac: null },
          { deviceId: 'io-7', name: 'Door input', type: 'IO_BOX', status: 'error' },
        ],
      });
    await expect(connector().listDevices()).resolves.toEqual([
      { deviceId: '0002D1A4C7F1', name: 'FD9387 Loading Dock', type: 'CAMERA', status: 'online', mac: '00:02:D1:A4:C7:F1' },
      { deviceId: 'nvr-1-ch2', name: 'NVR channel 2', type: 'NVR_CAMERA', status: 'offline', mac: null },
      { deviceId: 'io-7', name: 'Door input', type: 'IO_BOX', status: 'error', mac: null },
    ]);
    expect(seen[0]).toMatchObject({ url: '/api/v1/devices', authorization: `Bearer ${API_KEY}` });
  });

  it('getSnapshot returns the JPEG, live or at an event time in whole seconds', async () => {
    handler = (_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    const live = await connector().getSnapshot('0002D1A4C7F1');
    expect(live.contentType).toBe('image/jpeg');
    expect(live.data.equals(jpeg)).toBe(true);
    await connector().getSnapshot('0002D1A4C7F1', 1763719205.9);
    expect(seen.map((request) => request.url)).toEqual(['/api/v1/devices/0002D1A4C7F1/snapshot', '/api/v1/devices/0002D1A4C7F1/snapshot?timestamp=1763719205']);
    expect(seen[1]).toMatchObject({ authorization: `Bearer ${API_KEY}`, accept: 'image/jpeg' });
  });

  it('getSnapshot escapes the device id into one path segment', async () => {
    handler = (_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    await connector().getSnapshot('../health?x=1');
    expect(seen[0]?.url).toBe('/api/v1/devices/..%2Fhealth%3Fx%3D1/snapshot');
  });

  it.each([[''], ['.'], ['..']])('getSnapshot refuses the id %j, which cannot be a path segment, without a request', async (id) => {
    await failure(connector().getSnapshot(id), 'not-found');
    expect(seen).toHaveLength(0);
  });
});

describe('HttpVortexConnector failures', () => {
  it.each([[401], [403]])('HTTP %i is unauthorized', async (status) => {
    handler = (_request, response) => sendJson(response, status, { error: 'bad key' });
    const error = await failure(connector().testConnection(), 'unauthorized');
    expect(error.upstreamStatus).toBe(status);
    expect(error.message).toBe(`VORTEX at ${baseUrl} refused the API key`);
    await failure(connector().listDevices(), 'unauthorized');
    await failure(connector().getSnapshot('cam-1'), 'unauthorized');
  });

  it('a refused connection is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await failure(connector({ baseUrl: `http://127.0.0.1:${port}` }).testConnection(), 'unreachable');
    expect(error.message).toBe(`VORTEX at http://127.0.0.1:${port} could not be reached`);
    expect(error.upstreamStatus).toBeUndefined();
  });

  it('no answer in time is unreachable, and the default wait is 10 s', async () => {
    expect(VORTEX_TIMEOUT_MS).toBe(10_000);
    handler = () => undefined;
    const started = Date.now();
    const error = await failure(connector({ timeoutMs: 300 }).listDevices(), 'unreachable');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.message).toBe(`VORTEX at ${baseUrl} did not answer within 0.3 s`);
  });

  it('a body that stalls after the headers times out too', async () => {
    handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write(jpeg.subarray(0, 10));
    };
    await failure(connector({ timeoutMs: 300 }).getSnapshot('cam-1'), 'unreachable');
  });

  it('malformed JSON is a bad response', async () => {
    handler = (_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"devices": [');
    const error = await failure(connector().listDevices(), 'bad-response');
    expect(error.message).toBe('VORTEX answered outside its contract: /devices did not answer valid JSON');
  });

  it.each([
    ['a health answer without status ok', '/health', { status: 'degraded' }],
    ['a device list that is not an object with devices', '/devices', [{ deviceId: 'a' }]],
    ['a device without an id', '/devices', { devices: [{ name: 'x', type: 'CAMERA', status: 'online' }] }],
    ['a device with an unknown status', '/devices', { devices: [{ deviceId: 'a', name: 'x', type: 'CAMERA', status: 'sleeping' }] }],
    ['a device with a numeric MAC', '/devices', { devices: [{ deviceId: 'a', name: 'x', type: 'CAMERA', status: 'online', mac: 42 }] }],
  ])('%s is a bad response', async (_label, path, body) => {
    handler = (_request, response) => sendJson(response, 200, body);
    const call = path === '/health' ? connector().testConnection() : connector().listDevices();
    await failure(call, 'bad-response');
  });

  it('names the offending device entry', async () => {
    handler = (_request, response) => sendJson(response, 200, { devices: [{ deviceId: 'a', name: 'A', type: 'CAMERA', status: 'online' }, { deviceId: 'b', type: 'CAMERA', status: 'online' }] });
    expect((await failure(connector().listDevices(), 'bad-response')).message).toContain('devices[1].name is missing or invalid');
  });

  it('a snapshot that is not an image is a bad response', async () => {
    handler = (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
    await failure(connector().getSnapshot('cam-1'), 'bad-response');
    handler = (_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end('not really a jpeg');
    await failure(connector().getSnapshot('cam-1'), 'bad-response');
  });

  it('HTTP 404 is not-found, 5xx and redirects are bad responses carrying the status', async () => {
    handler = (_request, response) => sendJson(response, 404, { error: 'no such device' });
    expect((await failure(connector().getSnapshot('nope', 1763719205), 'not-found')).message).toBe(`VORTEX at ${baseUrl} has nothing at /devices/nope/snapshot`);
    handler = (_request, response) => sendJson(response, 503, { error: 'maintenance' });
    expect((await failure(connector().listDevices(), 'bad-response')).upstreamStatus).toBe(503);
    handler = (_request, response) => response.writeHead(302, { location: 'http://example.invalid/steal' }).end();
    expect((await failure(connector().testConnection(), 'bad-response')).upstreamStatus).toBe(302);
    expect(seen).toHaveLength(3);
  });
});

describe('HttpVortexConnector configuration', () => {
  it.each([['not a url'], ['ftp://vortex.example.com'], ['/relative']])('refuses the base URL %j', (url) => {
    expect(() => new HttpVortexConnector({ baseUrl: url, apiKey: API_KEY })).toThrow('The VORTEX base URL must be an absolute http(s) URL');
  });

  it('refuses an empty API key and a bad snapshot time', async () => {
    expect(() => new HttpVortexConnector({ baseUrl, apiKey: ' ' })).toThrow('The VORTEX API key must not be empty');
    await expect(connector().getSnapshot('cam-1', Number.NaN)).rejects.toThrow(RangeError);
    await expect(connector().getSnapshot('cam-1', -1)).rejects.toThrow(RangeError);
    expect(seen).toHaveLength(0);
  });
});
