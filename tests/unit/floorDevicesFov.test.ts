import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindApiSession } from '../../src/api/client';
import { clearDeviceFov, FOV_CONTENT_TYPE, toFieldOfView, toPlacedDevice, updateDeviceFov } from '../../src/api/floorDevices';

interface Seen {
  url: string;
  method: string;
  contentType: string | null;
  body: string | null;
}

/** Stubs the global fetch (ofetch looks it up per call) and records each request. */
function stubFetch(respond: () => Response) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      seen.push({
        url: String(input),
        method: init?.method ?? 'GET',
        contentType: headers.get('content-type'),
        body: typeof init?.body === 'string' ? init.body : null,
      });
      return respond();
    }),
  );
  bindApiSession({ accessToken: () => 'token-1', refreshAccessToken: () => Promise.reject(new Error('no refresh')) });
  return seen;
}

const position = {
  device_id: 'CAM 1',
  device_name: 'Dock',
  device_type: 'CAMERA',
  status: 'online',
  x_percent: 10,
  y_percent: 20,
  floor_id: 'f1',
  fov: { heading_deg: 90, angle_deg: 60, range_percent: 25 },
  created_at: '',
  updated_at: '',
};

afterEach(() => vi.unstubAllGlobals());

describe('field of view in the browser API (DESIGN.md "Wire conventions")', () => {
  it('PATCHes …/fov with the vendor content type and reads the updated position', async () => {
    const seen = stubFetch(() => new Response(JSON.stringify(position), { headers: { 'content-type': 'application/json' } }));
    const saved = await updateDeviceFov('f1', 'CAM 1', { heading_deg: 90, angle_deg: 60, range_percent: 25 });
    expect(FOV_CONTENT_TYPE).toBe('application/vnd.floorwatch.fov+json');
    expect(seen).toEqual([
      {
        url: '/v1/floors/f1/devices/CAM%201/fov',
        method: 'PATCH',
        contentType: 'application/vnd.floorwatch.fov+json',
        body: '{"heading_deg":90,"angle_deg":60,"range_percent":25}',
      },
    ]);
    expect(saved?.fov).toEqual({ heading_deg: 90, angle_deg: 60, range_percent: 25 });
  });

  it('DELETEs …/fov to clear it', async () => {
    const seen = stubFetch(() => new Response(null, { status: 204 }));
    await clearDeviceFov('f1', 'CAM 1');
    expect(seen.map((s) => [s.method, s.url])).toEqual([['DELETE', '/v1/floors/f1/devices/CAM%201/fov']]);
  });

  it('rejects with the problem when the server refuses', async () => {
    stubFetch(() => new Response(JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'angle_deg must be >= 1' }), { status: 400, headers: { 'content-type': 'application/problem+json' } }));
    await expect(updateDeviceFov('f1', 'c', { heading_deg: 0, angle_deg: 0, range_percent: 1 })).rejects.toMatchObject({ status: 400, data: { detail: 'angle_deg must be >= 1' } });
  });

  it('reads a position without fov, or with a malformed one, as fov: null', () => {
    expect(toPlacedDevice({ ...position, fov: undefined }, 'f1')?.fov).toBeNull();
    expect(toPlacedDevice({ ...position, fov: null }, 'f1')?.fov).toBeNull();
    expect(toFieldOfView({ heading_deg: 360, angle_deg: 60, range_percent: 25 })).toBeNull();
    expect(toFieldOfView({ heading_deg: 0, angle_deg: 0, range_percent: 25 })).toBeNull();
    expect(toFieldOfView({ heading_deg: 0, angle_deg: 1, range_percent: 100.5 })).toBeNull();
    expect(toFieldOfView({ heading_deg: '1', angle_deg: 1, range_percent: 1 })).toBeNull();
    expect(toFieldOfView({ heading_deg: 359.5, angle_deg: 360, range_percent: 0 })).toEqual({ heading_deg: 359.5, angle_deg: 360, range_percent: 0 });
  });
});
