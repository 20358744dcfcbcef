import { sniffImage } from '../images/sniff';
import { VortexConnectorError, type VortexConnector, type VortexConnectorFactory, type VortexDevice, type VortexSnapshot } from './connector';
import { normaliseMac } from './payload';

/** How long one call to VORTEX may take, headers and body together, in ms. */
export const VORTEX_TIMEOUT_MS = 10_000;
/** Largest JSON answer we read (health, device list), in bytes. */
const MAX_JSON_BYTES = 5 * 1024 * 1024;
/** Largest snapshot we read, in bytes. */
const MAX_SNAPSHOT_BYTES = 10 * 1024 * 1024;
const DEVICE_STATUSES: ReadonlySet<string> = new Set(['online', 'offline', 'error']);

/** Where and how to reach VORTEX. */
export interface HttpVortexConnectorOptions {
  /** Absolute http(s) URL; may carry a path prefix. The API lives under `{baseUrl}/api/v1`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey: string;
  /** Per call, in ms; defaults to {@link VORTEX_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/**
 * The {@link VortexConnector} over HTTP, speaking the contract in server/vortex/README.md
 * with Node's global fetch. Redirects are not followed, so the API key never travels to
 * another host.
 *
 * @throws TypeError from the constructor when `baseUrl` is not an absolute http(s) URL
 *   or `apiKey` is empty.
 */
export class HttpVortexConnector implements VortexConnector {
  private readonly apiRoot: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;

  constructor(options: HttpVortexConnectorOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new TypeError('The VORTEX base URL must be an absolute http(s) URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError('The VORTEX base URL must be an absolute http(s) URL');
    if (options.apiKey.trim() === '') throw new TypeError('The VORTEX API key must not be empty');
    url.search = '';
    url.hash = '';
    this.apiRoot = `${url.href.replace(/\/+$/, '')}/api/v1`;
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? VORTEX_TIMEOUT_MS;
  }

  async testConnection(): Promise<{ ok: true; version?: string }> {
    const body = await this.getJson('/health');
    if (!isObject(body) || body.status !== 'ok') throw badResponse('the health check did not answer {"status":"ok"}');
    return typeof body.version === 'string' && body.version !== '' ? { ok: true, version: body.version } : { ok: true };
  }

  async listDevices(): Promise<VortexDevice[]> {
    const body = await this.getJson('/devices');
    if (!isObject(body) || !Array.isArray(body.devices)) throw badResponse('the device list is not {"devices":[...]}');
    return body.devices.map(readDevice);
  }

  /**
   * @throws RangeError when `atSeconds` is not a finite, non-negative number.
   * @throws VortexConnectorError `not-found`, without a request, for an empty, `.` or `..` id.
   */
  async getSnapshot(deviceId: string, atSeconds?: number): Promise<VortexSnapshot> {
    if (atSeconds !== undefined && !(Number.isFinite(atSeconds) && atSeconds >= 0)) {
      throw new RangeError('atSeconds must be a non-negative Unix time in seconds');
    }
    // "." and ".." would be dot segments even escaped, so they could name another route.
    if (deviceId === '' || deviceId === '.' || deviceId === '..') throw new VortexConnectorError('not-found', `VORTEX has no device "${deviceId}"`);
    const query = atSeconds === undefined ? '' : `?timestamp=${Math.floor(atSeconds)}`;
    const path = `/devices/${encodeURIComponent(deviceId)}/snapshot${query}`;
    const { response, data } = await this.get(path, 'image/jpeg', MAX_SNAPSHOT_BYTES);
    const declared = (response.headers.get('content-type') ?? '').trim().toLowerCase();
    const sniffed = sniffImage(data);
    if (!declared.startsWith('image/') || sniffed.kind !== 'raster') throw badResponse('the snapshot is not a JPEG, PNG or WebP image');
    return { data, contentType: `image/${sniffed.format}` };
  }

  private async getJson(path: string): Promise<unknown> {
    const { data } = await this.get(path, 'application/json', MAX_JSON_BYTES);
    try {
      return JSON.parse(data.toString('utf8')) as unknown;
    } catch (error) {
      throw badResponse(`${path} did not answer valid JSON`, { cause: error });
    }
  }

  /** One GET: maps network failures and statuses to {@link VortexConnectorError} kinds. */
  private async get(path: string, accept: string, maxBytes: number): Promise<{ response: Response; data: Buffer }> {
    const where = `VORTEX at ${new URL(this.apiRoot).origin}`;
    try {
      const response = await fetch(`${this.apiRoot}${path}`, {
        headers: { authorization: `Bearer ${this.apiKey}`, accept, 'user-agent': 'Floorwatch' },
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new VortexConnectorError('unauthorized', `${where} refused the API key`, { upstreamStatus: response.status });
      }
      if (response.status === 404) {
        await response.body?.cancel();
        throw new VortexConnectorError('not-found', `${where} has nothing at ${path.split('?')[0]}`, { upstreamStatus: 404 });
      }
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel();
        throw badResponse(`${where} answered HTTP ${response.status} to ${path.split('?')[0]}`, { upstreamStatus: response.status });
      }
      return { response, data: await readLimited(response, maxBytes, path) };
    } catch (error) {
      if (error instanceof VortexConnectorError) throw error;
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new VortexConnectorError('unreachable', `${where} did not answer within ${this.timeoutMs / 1000} s`, { cause: error });
      }
      throw new VortexConnectorError('unreachable', `${where} could not be reached`, { cause: error });
    }
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badResponse(why: string, options: { upstreamStatus?: number; cause?: unknown } = {}): VortexConnectorError {
  return new VortexConnectorError('bad-response', why.startsWith('VORTEX') ? why : `VORTEX answered outside its contract: ${why}`, options);
}

/** Reads a body, refusing (bad-response) one larger than `maxBytes` without buffering it all. */
async function readLimited(response: Response, maxBytes: number, path: string): Promise<Buffer> {
  const tooLarge = () => badResponse(`${path.split('?')[0]} answered more than ${maxBytes / 1024 / 1024} MiB`);
  if (Number(response.headers.get('content-length') ?? '0') > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

/** One entry of `{ devices: [...] }`, checked against the contract. */
function readDevice(entry: unknown, index: number): VortexDevice {
  const bad = (field: string) => badResponse(`devices[${index}].${field} is missing or invalid`);
  if (!isObject(entry)) throw badResponse(`devices[${index}] is not an object`);
  const text = (field: string): string => {
    const value = entry[field];
    if (typeof value !== 'string' || value.trim() === '') throw bad(field);
    return value.trim();
  };
  const status = text('status');
  if (!DEVICE_STATUSES.has(status)) throw bad('status');
  const mac = entry.mac;
  if (mac !== undefined && mac !== null && typeof mac !== 'string') throw bad('mac');
  return {
    deviceId: text('deviceId'),
    name: text('name'),
    type: text('type'),
    status: status as VortexDevice['status'],
    mac: typeof mac === 'string' ? normaliseMac(mac) : null,
  };
}

/** The app's default {@link VortexConnectorFactory}: an {@link HttpVortexConnector} per saved connection. */
export const httpVortexConnectorFactory: VortexConnectorFactory = (settings) => new HttpVortexConnector(settings);
