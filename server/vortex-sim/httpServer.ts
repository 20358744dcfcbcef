import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isCamera, simulatedFleet, statusAt, type SimDevice } from './devices';
import { renderSnapshotJpeg } from './snapshot';

/** How far back the simulated VORTEX keeps recordings, in ms. */
export const RECORDING_RETENTION_MS = 30 * 24 * 3_600_000;
/** How far ahead of its clock a `timestamp` may be (clock skew), in ms. */
const FUTURE_TOLERANCE_MS = 5_000;

/** How to run the simulator's HTTP side. */
export interface VortexSimulatorOptions {
  /** TCP port; 0 (the default) takes any free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** The bearer API key clients must send; default a random one (read it from the result). */
  apiKey?: string;
  /** The fleet; default {@link simulatedFleet}. */
  devices?: readonly SimDevice[];
  /** Reported by `/health`; default 2.4.1. */
  version?: string;
  /** The simulator's clock, Unix ms; default Date.now. */
  now?: () => number;
}

/** A running simulator. */
export interface RunningVortexSimulator {
  /** Base URL for {@link HttpVortexConnector}, e.g. `http://127.0.0.1:4010` (no trailing slash). */
  url: string;
  apiKey: string;
  devices: readonly SimDevice[];
  /** Closes the server and its open connections. */
  stop(): Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers }).end(JSON.stringify(body));
}

/** Compares digests in constant time, so response timing does not leak the key. */
function hasKey(request: IncomingMessage, keyDigest: Buffer): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(sha256(match[1].trim()), keyDigest);
}

/** The `{deviceId}` path segment, decoded; null when it is not valid percent-encoding. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

interface Routes {
  devices: readonly SimDevice[];
  version: string;
  now: () => number;
}

async function snapshot(response: ServerResponse, routes: Routes, deviceId: string, timestamp: string | null): Promise<void> {
  const device = routes.devices.find((candidate) => candidate.deviceId === deviceId);
  if (!device || !isCamera(device)) return sendJson(response, 404, { error: `No camera with the id ${deviceId}` });
  if (timestamp !== null && !/^\d{1,12}$/.test(timestamp)) {
    return sendJson(response, 400, { error: 'timestamp must be a whole number of Unix seconds' });
  }
  const now = routes.now();
  const atMs = timestamp === null ? now : Number(timestamp) * 1000;
  if (atMs > now + FUTURE_TOLERANCE_MS || atMs < now - RECORDING_RETENTION_MS) {
    return sendJson(response, 404, { error: 'No recording at that time' });
  }
  const status = statusAt(device, atMs);
  if (status === 'offline') return sendJson(response, 404, { error: `${device.name} was offline: no image` });
  const jpeg = await renderSnapshotJpeg({ deviceId: device.deviceId, name: device.name, at: new Date(atMs), fault: status === 'error' });
  response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(jpeg.length), 'cache-control': 'no-store' }).end(jpeg);
}

/** Routes one authorized GET under `/api/v1` (server/vortex/README.md, "The HTTP contract"). */
async function route(request: IncomingMessage, response: ServerResponse, routes: Routes): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://vortex-sim');
  const path = url.pathname.replace(/\/+$/, '');
  if (path === '/api/v1/health') return sendJson(response, 200, { status: 'ok', version: routes.version });
  if (path === '/api/v1/devices') {
    const now = routes.now();
    const devices = routes.devices.map((d) => ({ deviceId: d.deviceId, name: d.name, type: d.type, status: statusAt(d, now), mac: d.mac }));
    return sendJson(response, 200, { devices });
  }
  const snapshotPath = /^\/api\/v1\/devices\/([^/]+)\/snapshot$/.exec(path);
  const deviceId = snapshotPath?.[1] === undefined ? null : decodeSegment(snapshotPath[1]);
  if (deviceId !== null) return snapshot(response, routes, deviceId, url.searchParams.get('timestamp'));
  return sendJson(response, 404, { error: `Nothing at ${path}` });
}

/**
 * Starts a simulated VORTEX on node:http serving the adapter contract of
 * server/vortex/README.md: `GET /api/v1/health`, `GET /api/v1/devices` (statuses from
 * {@link statusAt}) and `GET /api/v1/devices/{deviceId}/snapshot[?timestamp=<s>]` (a JPEG
 * of a camera; 404 for other types, an offline camera, or a time in the future or past
 * the 30-day retention). Every request needs `Authorization: Bearer <apiKey>` (else 401);
 * methods other than GET are answered 405.
 * @returns the base URL, the key and `stop()`
 * @throws Error when the port cannot be bound (e.g. EADDRINUSE)
 */
export async function startVortexSimulator(options: VortexSimulatorOptions = {}): Promise<RunningVortexSimulator> {
  const apiKey = options.apiKey ?? `vsim_${randomBytes(18).toString('base64url')}`;
  if (apiKey.trim() === '') throw new TypeError('The simulator API key must not be empty');
  const keyDigest = sha256(apiKey);
  const routes: Routes = { devices: options.devices ?? simulatedFleet(), version: options.version ?? '2.4.1', now: options.now ?? Date.now };

  const server = createServer((request, response) => {
    if (request.method !== 'GET') return sendJson(response, 405, { error: 'Only GET is supported' }, { allow: 'GET' });
    if (!hasKey(request, keyDigest)) {
      return sendJson(response, 401, { error: 'Missing or wrong API key' }, { 'www-authenticate': 'Bearer realm="VORTEX simulator"' });
    }
    route(request, response, routes).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: error instanceof Error ? error.message : 'Internal error' });
      else response.destroy();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    url: `http://${shownHost}:${port}`,
    apiKey,
    devices: routes.devices,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
