import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Building, DevicePosition } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createBuilding, createFloor, placeDevice } from './helpers/fixtures';
import { multipart, withHeaders } from './helpers/multipart';

const FOV_TYPE = 'application/vnd.floorwatch.fov+json';
const cone = { heading_deg: 90, angle_deg: 60, range_percent: 25 };

describe.each(databaseKinds)('field of view, PATCH …/fov (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let other: Account;
  let building: Building;
  let counter = 0;
  const nextDeviceId = () => `FOV-CAM-${++counter}`;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Optics');
    other = await createAccount(t.app, 'Rival');
    building = await createBuilding(t.app, account.headers, { name: 'Depot' });
  });
  afterAll(() => t?.close());

  const fovUrl = (floorId: string, deviceId: string) => `/v1/floors/${floorId}/devices/${encodeURIComponent(deviceId)}/fov`;
  /** PATCH …/fov with `body` as sent text (a string is sent as is) under `contentType`. */
  const patchFov = (floorId: string, deviceId: string, body: unknown, contentType: string | null = FOV_TYPE, headers = account.headers) =>
    t.app.inject({
      method: 'PATCH',
      url: fovUrl(floorId, deviceId),
      headers: { ...headers, ...(contentType === null ? {} : { 'content-type': contentType }) },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const positionsOf = async (floorId: string, headers = account.headers) => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/floors/${floorId}/devices`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ device_positions: DevicePosition[] }>().device_positions;
  };
  /** A new floor with one camera on it. */
  async function cameraOnFloor() {
    const floor = await createFloor(t.app, account.headers, building.id, { name: `Floor ${counter}` });
    const deviceId = nextDeviceId();
    await placeDevice(t.app, account.headers, floor.id, deviceId);
    return { floorId: floor.id, deviceId };
  }
  const fovOf = async (floorId: string, deviceId: string) => (await positionsOf(floorId)).find((p) => p.device_id === deviceId)?.fov;

  it('lists a placed camera with fov: null until one is set', async () => {
    const { floorId, deviceId } = await cameraOnFloor();
    expect(await fovOf(floorId, deviceId)).toBeNull();
  });

  it('sets the field of view and answers the updated position, which the list then carries', async () => {
    const { floorId, deviceId } = await cameraOnFloor();
    const response = await patchFov(floorId, deviceId, cone);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      device_id: deviceId,
      device_name: `Camera ${deviceId}`,
      device_type: 'CAMERA',
      status: 'offline',
      x_percent: 25,
      y_percent: 75,
      floor_id: floorId,
      fov: cone,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await fovOf(floorId, deviceId)).toEqual(cone);
  });

  it.each([
    ['the lower edges', { heading_deg: 0, angle_deg: 1, range_percent: 0 }],
    ['the upper edges', { heading_deg: 359.999, angle_deg: 360, range_percent: 100 }],
    ['fractions', { heading_deg: 12.25, angle_deg: 47.5, range_percent: 33.3 }],
  ])('accepts %s', async (_label, body) => {
    const { floorId, deviceId } = await cameraOnFloor();
    const response = await patchFov(floorId, deviceId, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DevicePosition>().fov).toEqual(body);
  });

  it('accepts media type parameters such as a charset', async () => {
    const { floorId, deviceId } = await cameraOnFloor();
    const response = await patchFov(floorId, deviceId, cone, `${FOV_TYPE}; charset=utf-8`);
    expect(response.statusCode, response.body).toBe(200);
  });

  describe('refuses any other content type with a 415 naming the expected one', () => {
    it.each([['application/json'], ['text/plain'], ['application/vnd.floorwatch.fov+json-x'], ['application/x-www-form-urlencoded']])('%s', async (type) => {
      const { floorId, deviceId } = await cameraOnFloor();
      expectProblem(await patchFov(floorId, deviceId, cone, type), 415, FOV_TYPE);
      expect(await fovOf(floorId, deviceId)).toBeNull();
    });

    it('no content type at all', async () => {
      const { floorId, deviceId } = await cameraOnFloor();
      expectProblem(await patchFov(floorId, deviceId, cone, null), 415, FOV_TYPE);
    });

    it('multipart/form-data', async () => {
      const { floorId, deviceId } = await cameraOnFloor();
      const form = await multipart({ heading_deg: '90', angle_deg: '60', range_percent: '25' }, {});
      const response = await t.app.inject({ method: 'PATCH', url: fovUrl(floorId, deviceId), ...withHeaders(form, account.headers) });
      expectProblem(response, 415, FOV_TYPE);
      expect(await fovOf(floorId, deviceId)).toBeNull();
    });
  });

  describe('refuses out-of-range, non-numeric, non-finite, missing or extra values with a 400 naming the field', () => {
    const cases: [string, unknown, string][] = [
      ['heading_deg 360', { ...cone, heading_deg: 360 }, 'heading_deg'],
      ['heading_deg -0.5', { ...cone, heading_deg: -0.5 }, 'heading_deg'],
      ['angle_deg 0', { ...cone, angle_deg: 0 }, 'angle_deg'],
      ['angle_deg 0.5', { ...cone, angle_deg: 0.5 }, 'angle_deg'],
      ['angle_deg 360.5', { ...cone, angle_deg: 360.5 }, 'angle_deg'],
      ['range_percent -1', { ...cone, range_percent: -1 }, 'range_percent'],
      ['range_percent 100.01', { ...cone, range_percent: 100.01 }, 'range_percent'],
      ['heading_deg "90"', { ...cone, heading_deg: '90' }, 'heading_deg'],
      ['angle_deg null', { ...cone, angle_deg: null }, 'angle_deg'],
      ['range_percent true', { ...cone, range_percent: true }, 'range_percent'],
      ['heading_deg missing', { angle_deg: 60, range_percent: 25 }, 'heading_deg'],
      ['angle_deg missing', { heading_deg: 90, range_percent: 25 }, 'angle_deg'],
      ['range_percent missing', { heading_deg: 90, angle_deg: 60 }, 'range_percent'],
      ['heading_deg 1e999 (Infinity)', '{"heading_deg":1e999,"angle_deg":60,"range_percent":25}', 'heading_deg'],
      ['angle_deg -1e999 (-Infinity)', '{"heading_deg":90,"angle_deg":-1e999,"range_percent":25}', 'angle_deg'],
      ['range_percent 1e999 (Infinity)', '{"heading_deg":90,"angle_deg":60,"range_percent":1e999}', 'range_percent'],
    ];
    it.each(cases)('%s (the field of view stays)', async (_label, body, field) => {
      const { floorId, deviceId } = await cameraOnFloor();
      await patchFov(floorId, deviceId, cone);
      expectFieldProblem(await patchFov(floorId, deviceId, body), field);
      expect(await fovOf(floorId, deviceId)).toEqual(cone);
    });

    it('an unknown extra field', async () => {
      const { floorId, deviceId } = await cameraOnFloor();
      const problem = expectProblem(await patchFov(floorId, deviceId, { ...cone, tilt_deg: 10 }), 400);
      expect(problem.detail).toBe('tilt_deg is not a known field');
      expect(await fovOf(floorId, deviceId)).toBeNull();
    });

    it.each([['null', 'null'], ['an array', '[90, 60, 25]'], ['a number', '90']])('a body that is %s', async (_label, text) => {
      const { floorId, deviceId } = await cameraOnFloor();
      expectProblem(await patchFov(floorId, deviceId, text), 400);
    });

    it('a body that is not JSON, or empty', async () => {
      const { floorId, deviceId } = await cameraOnFloor();
      expectProblem(await patchFov(floorId, deviceId, '{"heading_deg": 90,'), 400, 'not valid JSON');
      expectProblem(await patchFov(floorId, deviceId, ''), 400);
    });
  });

  it('refuses a body over the limit with a 413', async () => {
    const { floorId, deviceId } = await cameraOnFloor();
    const padded = `{"heading_deg":90,"angle_deg":60,"range_percent":25${' '.repeat(64 * 1024)}}`;
    expectProblem(await patchFov(floorId, deviceId, padded), 413);
    expect(await fovOf(floorId, deviceId)).toBeNull();
  });

  it('a device not on that floor, an unknown device or an unknown floor is a 404', async () => {
    const { floorId, deviceId } = await cameraOnFloor();
    const elsewhere = await cameraOnFloor();
    expectProblem(await patchFov(floorId, elsewhere.deviceId, cone), 404, 'Device on this floor not found');
    expectProblem(await patchFov(floorId, 'NO-SUCH-CAMERA', cone), 404, 'Device on this floor not found');
    expectProblem(await patchFov(crypto.randomUUID(), deviceId, cone), 404, 'Floor not found');
    expect(await fovOf(elsewhere.floorId, elsewhere.deviceId)).toBeNull();
  });

  it("another organization's floor or device is a 404, and nothing changes", async () => {
    const { floorId, deviceId } = await cameraOnFloor();
    expectProblem(await patchFov(floorId, deviceId, cone, FOV_TYPE, other.headers), 404, 'Floor not found');
    expectProblem(await t.app.inject({ method: 'DELETE', url: fovUrl(floorId, deviceId), headers: other.headers }), 404);
    // The rival's own floor with a camera of the same VORTEX id: still not ours to reach.
    const rivalBuilding = await createBuilding(t.app, other.headers, { name: 'Rival HQ' });
    const rivalFloor = await createFloor(t.app, other.headers, rivalBuilding.id);
    await placeDevice(t.app, other.headers, rivalFloor.id, deviceId);
    expectProblem(await patchFov(rivalFloor.id, deviceId, cone), 404, 'Floor not found');
    expect(await fovOf(floorId, deviceId)).toBeNull();
    expect((await positionsOf(rivalFloor.id, other.headers))[0]?.fov).toBeNull();
  });

  it('needs a bearer token', async () => {
    const { floorId, deviceId } = await cameraOnFloor();
    const response = await t.app.inject({ method: 'PATCH', url: fovUrl(floorId, deviceId), headers: { 'content-type': FOV_TYPE }, payload: JSON.stringify(cone) });
    expectProblem(response, 401);
  });

  it('DELETE …/fov clears it (204), and a second DELETE is still fine', async () => {
    const { floorId, deviceId } = await cameraOnFloor();
    await patchFov(floorId, deviceId, cone);
    const response = await t.app.inject({ method: 'DELETE', url: fovUrl(floorId, deviceId), headers: account.headers });
    expect(response.statusCode, response.body).toBe(204);
    expect(await fovOf(floorId, deviceId)).toBeNull();
    expect((await t.app.inject({ method: 'DELETE', url: fovUrl(floorId, deviceId), headers: account.headers })).statusCode).toBe(204);
    expectProblem(await t.app.inject({ method: 'DELETE', url: fovUrl(floorId, 'NO-SUCH-CAMERA'), headers: account.headers }), 404);
  });

  it('keeps the field of view when the camera is moved or placed again on the same floor, and drops it on another floor', async () => {
    const { floorId, deviceId } = await cameraOnFloor();
    await patchFov(floorId, deviceId, cone);
    const moved = await t.app.inject({ method: 'PATCH', url: `/v1/floors/${floorId}/devices/${deviceId}/position`, headers: account.headers, payload: { x_percent: 5, y_percent: 6 } });
    expect(moved.json<DevicePosition>().fov).toEqual(cone);
    await placeDevice(t.app, account.headers, floorId, deviceId, { x_percent: 7, y_percent: 8 });
    expect(await fovOf(floorId, deviceId)).toEqual(cone);
    const next = await createFloor(t.app, account.headers, building.id, { name: 'Next' });
    await placeDevice(t.app, account.headers, next.id, deviceId);
    expect(await fovOf(next.id, deviceId)).toBeNull();
  });
});
