import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Building, Device, DevicePosition, Floor } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createBuilding, createFloor, placeDevice } from './helpers/fixtures';

describe.each(databaseKinds)('device positions (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let building: Building;
  let deviceCounter = 0;
  const nextDeviceId = () => `00:1A:2B:3C:4D:${(++deviceCounter).toString(16).padStart(2, '0').toUpperCase()}`;

  beforeAll(async () => {
    t = await build(kind);
    account = await createAccount(t.app, 'Positions');
    building = await createBuilding(t.app, account.headers, { name: 'Depot' });
  });
  afterAll(() => t?.close());

  const newFloor = (name = 'Floor') => createFloor(t.app, account.headers, building.id, { name });
  const positionsOf = async (floorId: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/floors/${floorId}/devices`, headers: account.headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ device_positions: DevicePosition[] }>().device_positions;
  };
  const place = (floorId: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/v1/floors/${floorId}/devices`, headers: account.headers, payload: body });
  const move = (floorId: string, deviceId: string, body: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/v1/floors/${floorId}/devices/${encodeURIComponent(deviceId)}/position`, headers: account.headers, payload: body });
  const device = async (deviceId: string) =>
    (await t.app.inject({ method: 'GET', url: `/v1/devices/${encodeURIComponent(deviceId)}`, headers: account.headers })).json<Device>();

  it('places a device (201) and lists it as device_positions', async () => {
    const floor = await newFloor();
    const deviceId = nextDeviceId();
    const response = await place(floor.id, { device_id: deviceId, device_name: ' Lobby camera ', device_type: 'CAMERA', x_percent: 12.5, y_percent: 87.25 });
    expect(response.statusCode, response.body).toBe(201);
    const position = response.json<DevicePosition>();
    expect(position).toEqual({
      device_id: deviceId,
      device_name: 'Lobby camera',
      device_type: 'CAMERA',
      status: 'offline',
      x_percent: 12.5,
      y_percent: 87.25,
      floor_id: floor.id,
      fov: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await positionsOf(floor.id)).toEqual([position]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/floors/${floor.id}`, headers: account.headers })).json<{ floor: Floor }>().floor.device_count).toBe(1);
    expect(await device(deviceId)).toMatchObject({ device_id: deviceId, device_name: 'Lobby camera', floor_id: floor.id });
  });

  it('accepts the edges 0 and 100', async () => {
    const floor = await newFloor();
    const response = await place(floor.id, { device_id: nextDeviceId(), device_name: 'Corner', device_type: 'NVR_CAMERA', x_percent: 0, y_percent: 100 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ x_percent: 0, y_percent: 100 });
  });

  it('moves a placed device with PATCH …/position', async () => {
    const floor = await newFloor();
    const deviceId = nextDeviceId();
    await placeDevice(t.app, account.headers, floor.id, deviceId, { x_percent: 10, y_percent: 10 });
    const response = await move(floor.id, deviceId, { x_percent: 55.5, y_percent: 44.4 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ device_id: deviceId, floor_id: floor.id, x_percent: 55.5, y_percent: 44.4 });
    expect(await positionsOf(floor.id)).toEqual([expect.objectContaining({ device_id: deviceId, x_percent: 55.5, y_percent: 44.4 })]);
  });

  describe('refuses a percent that is out of range, not a number or missing, naming the field', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['x_percent above 100', { x_percent: 100.01, y_percent: 50 }, 'x_percent'],
      ['x_percent below 0', { x_percent: -0.5, y_percent: 50 }, 'x_percent'],
      ['y_percent above 100', { x_percent: 50, y_percent: 150 }, 'y_percent'],
      ['y_percent below 0', { x_percent: 50, y_percent: -1 }, 'y_percent'],
      ['x_percent "abc"', { x_percent: 'abc', y_percent: 50 }, 'x_percent'],
      ['y_percent "abc"', { x_percent: 50, y_percent: 'abc' }, 'y_percent'],
      ['x_percent null', { x_percent: null, y_percent: 50 }, 'x_percent'],
      ['y_percent null', { x_percent: 50, y_percent: null }, 'y_percent'],
      ['x_percent missing', { y_percent: 50 }, 'x_percent'],
      ['y_percent missing', { x_percent: 50 }, 'y_percent'],
    ];

    it.each(cases)('placing: %s (nothing is placed)', async (_label, at, field) => {
      const floor = await newFloor();
      const deviceId = nextDeviceId();
      expectFieldProblem(await place(floor.id, { device_id: deviceId, device_name: 'Cam', device_type: 'CAMERA', ...at }), field);
      expect(await positionsOf(floor.id)).toEqual([]);
      expectProblem(await t.app.inject({ method: 'GET', url: `/v1/devices/${encodeURIComponent(deviceId)}`, headers: account.headers }), 404);
    });

    it.each(cases)('moving: %s (the position stays)', async (_label, at, field) => {
      const floor = await newFloor();
      const deviceId = nextDeviceId();
      await placeDevice(t.app, account.headers, floor.id, deviceId, { x_percent: 20, y_percent: 30 });
      expectFieldProblem(await move(floor.id, deviceId, at), field);
      expect(await positionsOf(floor.id)).toEqual([expect.objectContaining({ device_id: deviceId, x_percent: 20, y_percent: 30 })]);
    });

    it.each([
      ['device_id missing', { device_name: 'Cam', device_type: 'CAMERA' }, 'device_id'],
      ['device_name missing', { device_id: 'CAM-X', device_type: 'CAMERA' }, 'device_name'],
      ['device_type missing', { device_id: 'CAM-X', device_name: 'Cam' }, 'device_type'],
    ] as [string, Record<string, unknown>, string][])('placing: %s', async (_label, body, field) => {
      const floor = await newFloor();
      expectFieldProblem(await place(floor.id, { ...body, x_percent: 1, y_percent: 1 }), field);
      expect(await positionsOf(floor.id)).toEqual([]);
    });
  });

  it('placing a device that sits on another floor moves it there (one floor at a time)', async () => {
    const first = await newFloor('First');
    const second = await newFloor('Second');
    const deviceId = nextDeviceId();
    await placeDevice(t.app, account.headers, first.id, deviceId, { x_percent: 10, y_percent: 20 });
    const response = await place(second.id, { device_id: deviceId, device_name: 'Moved', device_type: 'CAMERA', x_percent: 60, y_percent: 70 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ device_id: deviceId, floor_id: second.id, x_percent: 60, y_percent: 70 });
    expect(await positionsOf(first.id)).toEqual([]);
    expect(await positionsOf(second.id)).toEqual([expect.objectContaining({ device_id: deviceId, x_percent: 60, y_percent: 70 })]);
    expect((await device(deviceId)).floor_id).toBe(second.id);
    // The old floor no longer answers for it.
    expectProblem(await move(first.id, deviceId, { x_percent: 1, y_percent: 1 }), 404);
  });

  it('removes one device from a floor (the device itself stays); removing it again is 404', async () => {
    const floor = await newFloor();
    const [gone, stays] = [nextDeviceId(), nextDeviceId()];
    await placeDevice(t.app, account.headers, floor.id, gone);
    await placeDevice(t.app, account.headers, floor.id, stays);
    const url = `/v1/floors/${floor.id}/devices/${encodeURIComponent(gone)}`;
    const response = await t.app.inject({ method: 'DELETE', url, headers: account.headers });
    expect(response.statusCode).toBe(204);
    expect((await positionsOf(floor.id)).map((p) => p.device_id)).toEqual([stays]);
    expect(await device(gone)).toMatchObject({ device_id: gone, floor_id: null });
    expectProblem(await t.app.inject({ method: 'DELETE', url, headers: account.headers }), 404, 'Device on this floor not found');
  });

  it('removes every device from a floor, leaving other floors alone', async () => {
    const floor = await newFloor();
    const other = await newFloor('Other');
    for (let i = 0; i < 3; i++) await placeDevice(t.app, account.headers, floor.id, nextDeviceId());
    const elsewhere = nextDeviceId();
    await placeDevice(t.app, account.headers, other.id, elsewhere);
    const response = await t.app.inject({ method: 'DELETE', url: `/v1/floors/${floor.id}/devices`, headers: account.headers });
    expect(response.statusCode).toBe(204);
    expect(await positionsOf(floor.id)).toEqual([]);
    expect((await positionsOf(other.id)).map((p) => p.device_id)).toEqual([elsewhere]);
  });

  it('a device that is not on the floor, or an unknown floor, is a 404', async () => {
    const floor = await newFloor();
    const unknownFloor = crypto.randomUUID();
    expectProblem(await move(floor.id, 'NO-SUCH-DEVICE', { x_percent: 1, y_percent: 1 }), 404, 'Device on this floor not found');
    expectProblem(await t.app.inject({ method: 'DELETE', url: `/v1/floors/${floor.id}/devices/NO-SUCH-DEVICE`, headers: account.headers }), 404);
    expectProblem(await t.app.inject({ method: 'GET', url: `/v1/floors/${unknownFloor}/devices`, headers: account.headers }), 404, 'Floor not found');
    expectProblem(await place(unknownFloor, { device_id: nextDeviceId(), device_name: 'Cam', device_type: 'CAMERA', x_percent: 1, y_percent: 1 }), 404);
    expectProblem(await t.app.inject({ method: 'DELETE', url: `/v1/floors/${unknownFloor}/devices`, headers: account.headers }), 404);
  });
});
