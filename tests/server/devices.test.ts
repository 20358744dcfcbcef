import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkImportResponse, Device, DevicePosition } from '../../src/api/types';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createAccount, type Account } from './helpers/accounts';
import { expectFieldProblem, expectProblem } from './helpers/problems';
import { createBuilding, createFloor, placeDevice } from './helpers/fixtures';

describe.each(databaseKinds)('devices (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await build(kind);
  });
  afterAll(() => t?.close());

  /** A fresh organization with one building and two floors. */
  async function setup() {
    const account = await createAccount(t.app, 'Devices');
    const building = await createBuilding(t.app, account.headers);
    const floor = await createFloor(t.app, account.headers, building.id, { name: 'Ground', level: 0 });
    const upstairs = await createFloor(t.app, account.headers, building.id, { name: 'Upstairs', level: 1 });
    return { account, floor, upstairs };
  }

  const devices = async (account: Account) => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/devices', headers: account.headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ devices: Device[] }>().devices;
  };
  const positions = async (account: Account, floorId: string) =>
    (await t.app.inject({ method: 'GET', url: `/v1/floors/${floorId}/devices`, headers: account.headers })).json<{ device_positions: DevicePosition[] }>().device_positions;
  const bulkImport = (account: Account, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/devices/bulk-import', headers: account.headers, payload: payload as Record<string, unknown> });

  it('lists the devices as { devices } with the floor each sits on (null when not placed)', async () => {
    const { account, floor } = await setup();
    await placeDevice(t.app, account.headers, floor.id, 'CAM-A');
    await placeDevice(t.app, account.headers, floor.id, 'CAM-B');
    await t.app.inject({ method: 'DELETE', url: `/v1/floors/${floor.id}/devices/CAM-B`, headers: account.headers });
    const list = await devices(account);
    expect(list).toEqual([
      {
        device_id: 'CAM-A',
        device_name: 'Camera CAM-A',
        device_type: 'CAMERA',
        status: 'offline',
        mac: null,
        floor_id: floor.id,
        last_seen_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      expect.objectContaining({ device_id: 'CAM-B', floor_id: null }),
    ]);
  });

  it('GET /v1/devices/{id} finds a device by its VORTEX id; an unknown id is 404', async () => {
    const { account, floor } = await setup();
    await placeDevice(t.app, account.headers, floor.id, '00:02:D1:AA:BB:CC');
    const response = await t.app.inject({ method: 'GET', url: `/v1/devices/${encodeURIComponent('00:02:D1:AA:BB:CC')}`, headers: account.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ device_id: '00:02:D1:AA:BB:CC', floor_id: floor.id });
    expectProblem(await t.app.inject({ method: 'GET', url: '/v1/devices/NOPE', headers: account.headers }), 404, 'Device not found');
  });

  it('bulk-import creates new devices and places them on the floor (given spots, else a grid)', async () => {
    const { account, floor } = await setup();
    const response = await bulkImport(account, {
      floor_id: floor.id,
      devices: [
        { device_id: 'CAM-1', device_name: 'Entrance', device_type: 'CAMERA', mac: '00:02:D1:00:00:01', x_percent: 5, y_percent: 95 },
        { device_id: 'CAM-2', device_name: 'Loading bay', device_type: 'NVR_CAMERA' },
        { device_id: 'CAM-3', device_name: 'Roof', device_type: 'CAMERA' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<BulkImportResponse>();
    expect(result.created).toBe(3);
    expect(result.updated).toBe(0);
    expect(result.devices.map((d) => [d.device_id, d.floor_id]).sort()).toEqual([
      ['CAM-1', floor.id],
      ['CAM-2', floor.id],
      ['CAM-3', floor.id],
    ]);
    expect(result.devices.find((d) => d.device_id === 'CAM-1')).toMatchObject({ device_name: 'Entrance', mac: '00:02:D1:00:00:01', status: 'offline' });
    const placed = await positions(account, floor.id);
    expect(placed).toHaveLength(3);
    expect(placed.find((p) => p.device_id === 'CAM-1')).toMatchObject({ x_percent: 5, y_percent: 95 });
    const gridSpots = placed.filter((p) => p.device_id !== 'CAM-1').map((p) => `${p.x_percent},${p.y_percent}`);
    expect(new Set(gridSpots).size).toBe(2);
    for (const p of placed) {
      expect(p.x_percent).toBeGreaterThanOrEqual(0);
      expect(p.x_percent).toBeLessThanOrEqual(100);
    }
    expect((await devices(account)).map((d) => d.device_id)).toEqual(['CAM-1', 'CAM-2', 'CAM-3']);
  });

  it('bulk-import updates existing devices and moves them to the floor', async () => {
    const { account, floor, upstairs } = await setup();
    await placeDevice(t.app, account.headers, upstairs.id, 'CAM-OLD');
    const response = await bulkImport(account, {
      floor_id: floor.id,
      devices: [
        { device_id: 'CAM-OLD', device_name: 'Renamed', device_type: 'NVR_CAMERA', x_percent: 40, y_percent: 60 },
        { device_id: 'CAM-NEW', device_name: 'New', device_type: 'CAMERA', x_percent: 70, y_percent: 30 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkImportResponse>()).toMatchObject({ created: 1, updated: 1 });
    const old = (await devices(account)).find((d) => d.device_id === 'CAM-OLD');
    expect(old).toMatchObject({ device_name: 'Renamed', device_type: 'NVR_CAMERA', floor_id: floor.id });
    expect(await positions(account, upstairs.id)).toEqual([]);
    expect((await positions(account, floor.id)).map((p) => [p.device_id, p.x_percent, p.y_percent]).sort()).toEqual([
      ['CAM-NEW', 70, 30],
      ['CAM-OLD', 40, 60],
    ]);
  });

  describe('bulk-import refuses, writing nothing', () => {
    it('a device id that appears twice in one payload (400 naming it)', async () => {
      const { account, floor } = await setup();
      const response = await bulkImport(account, {
        floor_id: floor.id,
        devices: [
          { device_id: 'DUP-1', device_name: 'One', device_type: 'CAMERA' },
          { device_id: 'FRESH', device_name: 'Fresh', device_type: 'CAMERA' },
          { device_id: 'DUP-1', device_name: 'Again', device_type: 'CAMERA' },
        ],
      });
      const problem = expectProblem(response, 400, 'devices[2].device_id "DUP-1" appears more than once');
      expect(problem.errors?.map((e) => e.field)).toEqual(['devices.2.device_id']);
      expect(await devices(account)).toEqual([]);
      expect(await positions(account, floor.id)).toEqual([]);
    });

    it('an unknown floor (404)', async () => {
      const { account } = await setup();
      const response = await bulkImport(account, { floor_id: crypto.randomUUID(), devices: [{ device_id: 'LOST', device_name: 'Lost', device_type: 'CAMERA' }] });
      expectProblem(response, 404, 'Floor not found');
      expect(await devices(account)).toEqual([]);
    });

    it('an empty devices array (400 naming devices)', async () => {
      const { account, floor } = await setup();
      expectFieldProblem(await bulkImport(account, { floor_id: floor.id, devices: [] }), 'devices');
    });

    it.each([
      ['a percent out of range', { device_id: 'X', device_name: 'X', device_type: 'CAMERA', x_percent: 120, y_percent: 5 }, 'devices.0.x_percent'],
      ['a missing device name', { device_id: 'X', device_type: 'CAMERA' }, 'devices.0.device_name'],
      ['an unknown field', { device_id: 'X', device_name: 'X', device_type: 'CAMERA', colour: 'red' }, 'devices.0.colour'],
    ] as [string, Record<string, unknown>, string][])('%s (400 naming the field)', async (_label, row, field) => {
      const { account, floor } = await setup();
      expectFieldProblem(await bulkImport(account, { floor_id: floor.id, devices: [row] }), field);
      expect(await devices(account)).toEqual([]);
    });

    it('more rows than one import takes (400 naming devices and the limit of 1000)', async () => {
      const { account, floor } = await setup();
      const rows = Array.from({ length: 1001 }, (_, i) => ({ device_id: `CAM-${i}`, device_name: `Camera ${i}`, device_type: 'CAMERA' }));
      const problem = expectFieldProblem(await bulkImport(account, { floor_id: floor.id, devices: rows }), 'devices');
      expect(problem.detail).toContain('1000');
      expect(await devices(account)).toEqual([]);
    });

    it('a row missing a whole column, as a CSV without device_type gives (400 naming the first row)', async () => {
      const { account, floor } = await setup();
      const rows = [
        { device_id: 'A', device_name: 'A' },
        { device_id: 'B', device_name: 'B' },
      ];
      expectFieldProblem(await bulkImport(account, { floor_id: floor.id, devices: rows }), 'devices.0.device_type');
      expect(await devices(account)).toEqual([]);
    });

    it('a blank device id (400 naming the row)', async () => {
      const { account, floor } = await setup();
      const rows = [
        { device_id: 'OK', device_name: 'Fine', device_type: 'CAMERA' },
        { device_id: '', device_name: 'Blank', device_type: 'CAMERA' },
      ];
      expectFieldProblem(await bulkImport(account, { floor_id: floor.id, devices: rows }), 'devices.1.device_id');
      expect(await devices(account)).toEqual([]);
    });

    it('a missing floor_id (400 naming floor_id)', async () => {
      const { account } = await setup();
      expectFieldProblem(await bulkImport(account, { devices: [{ device_id: 'X', device_name: 'X', device_type: 'CAMERA' }] }), 'floor_id');
    });
  });
});
