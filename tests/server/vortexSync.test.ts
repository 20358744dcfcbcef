import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VortexConnectorFactory, VortexDevice } from '../../server/vortex/connector';
import { VortexConnectorError } from '../../server/vortex/connector';
import { simulatedFleet, statusAt, type SimDevice } from '../../server/vortex-sim/devices';
import { startVortexSimulator, type RunningVortexSimulator } from '../../server/vortex-sim/httpServer';
import { createAccount, type Account } from './helpers/accounts';
import { build, databaseKinds, type TestApp } from './helpers/build';
import { createBuilding, createFloor, placeDevice } from './helpers/fixtures';
import { expectProblem } from './helpers/problems';
import { ListingConnector } from './helpers/vortex';

type Device = { device_id: string; device_name: string; device_type: string; status: string; mac: string | null; floor_id: string | null; last_seen_at: string | null };
type SyncResult = { created: number; updated: number; marked_offline: number; total: number; last_sync_at: string };

/** A fixed instant for the simulator's clock, so the statuses it lists are known. */
const NOW_MS = Date.UTC(2026, 0, 15, 12, 0, 0);

describe.each(databaseKinds)('VORTEX test-connection and device sync against the simulator (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let other: Account;
  let sim: RunningVortexSimulator;
  /** The simulator's fleet; the tests take devices out of it to play VORTEX forgetting them. */
  let fleet: SimDevice[];
  const allDevices = simulatedFleet();

  beforeAll(async () => {
    fleet = simulatedFleet();
    sim = await startVortexSimulator({ devices: fleet, apiKey: 'sim-key-0001', now: () => NOW_MS });
    t = await build(kind);
    account = await createAccount(t.app, 'Sync');
    other = await createAccount(t.app, 'SyncOther');
  });
  afterAll(async () => {
    await sim?.stop();
    await t?.close();
  });

  const post = (url: string, who: Account = account) => t.app.inject({ method: 'POST', url, headers: who.headers });
  const saveCredentials = (payload: Record<string, unknown>, who: Account = account) =>
    t.app.inject({ method: 'POST', url: '/v1/vortex/credentials', headers: who.headers, payload });
  const devices = async (who: Account = account) => (await t.app.inject({ method: 'GET', url: '/v1/devices', headers: who.headers })).json<{ devices: Device[] }>().devices;

  describe('before VORTEX is set up', () => {
    it.each(['/v1/vortex/test-connection', '/v1/vortex/sync'])('%s answers 422 saying to save the credentials', async (url) => {
      expectProblem(await post(url), 422, 'save its base URL and API key first');
    });

    it('POST /v1/devices/{id}/sync answers 404 for a device the organization lacks, 422 for one it has', async () => {
      expectProblem(await post('/v1/devices/NO-SUCH-DEVICE/sync'), 404, 'Device not found');
      const building = await createBuilding(t.app, other.headers);
      const floor = await createFloor(t.app, other.headers, building.id);
      await placeDevice(t.app, other.headers, floor.id, 'OTHER-CAM-1');
      expectProblem(await post('/v1/devices/OTHER-CAM-1/sync', other), 422, 'not set up');
    });
  });

  describe('test-connection', () => {
    it('answers ok with VORTEX’s version', async () => {
      expect((await saveCredentials({ base_url: sim.url, api_key: sim.apiKey })).statusCode).toBe(200);
      const response = await post('/v1/vortex/test-connection');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ok: true, version: '2.4.1' });
    });

    it('answers 502 naming the API key when VORTEX refuses it, never 401', async () => {
      await saveCredentials({ base_url: sim.url, api_key: 'wrong-key' });
      const problem = expectProblem(await post('/v1/vortex/test-connection'), 502, 'refused the API key');
      expect(problem.detail).not.toContain('wrong-key');
      expect((problem as unknown as Record<string, unknown>).vortex_error).toBe('unauthorized');
    });

    it('answers 502 when nothing answers at the base URL', async () => {
      const gone = await startVortexSimulator();
      await gone.stop();
      await saveCredentials({ base_url: gone.url, api_key: sim.apiKey });
      const problem = expectProblem(await post('/v1/vortex/test-connection'), 502, 'could not be reached');
      expect(problem.detail).toContain('check the base URL');
    });

    it('answers 502 when the base URL is not a VORTEX adapter', async () => {
      await saveCredentials({ base_url: `${sim.url}/not-vortex`, api_key: sim.apiKey });
      expectProblem(await post('/v1/vortex/test-connection'), 502, 'has nothing at /health');
      await saveCredentials({ base_url: sim.url, api_key: sim.apiKey });
    });
  });

  describe('sync', () => {
    it('creates every listed device with VORTEX’s name, type, status and MAC, and records the sync time', async () => {
      const response = await post('/v1/vortex/sync');
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<SyncResult>();
      expect(result).toEqual({
        created: fleet.length,
        updated: 0,
        marked_offline: 0,
        total: fleet.length,
        skipped: 0,
        skipped_device_ids: [],
        limit_detail: null,
        last_sync_at: expect.any(String),
      });
      const stored = await devices();
      expect(stored).toHaveLength(fleet.length);
      for (const d of fleet) {
        const row = stored.find((s) => s.device_id === d.deviceId);
        expect(row, d.deviceId).toMatchObject({ device_name: d.name, device_type: d.type, status: statusAt(d, NOW_MS), mac: d.mac });
        expect(row?.last_seen_at === null).toBe(statusAt(d, NOW_MS) !== 'online');
      }
      expect(new Set(stored.map((d) => d.device_type))).toEqual(new Set(['CAMERA', 'NVR_CAMERA', 'IO_MODULE', 'NVR']));
      const credentials = (await t.app.inject({ method: 'GET', url: '/v1/vortex/credentials', headers: account.headers })).json<{ last_sync_at: string }>();
      expect(credentials.last_sync_at).toBe(result.last_sync_at);
      expect(await devices(other)).toHaveLength(1);
    });

    it('updates on a second sync, and marks offline (never deletes) a placed device VORTEX no longer lists', async () => {
      const building = await createBuilding(t.app, account.headers);
      const floor = await createFloor(t.app, account.headers, building.id);
      const online = fleet.find((d) => d.type === 'CAMERA' && statusAt(d, NOW_MS) === 'online');
      if (!online) throw new Error('the fleet has no online camera');
      await placeDevice(t.app, account.headers, floor.id, online.deviceId);
      fleet.splice(fleet.indexOf(online), 1);
      const renamed = fleet[0]!;
      fleet[0] = { ...renamed, name: 'Renamed by VORTEX' };

      const result = (await post('/v1/vortex/sync')).json<SyncResult>();
      expect(result).toMatchObject({ created: 0, updated: fleet.length, marked_offline: 1, total: fleet.length });
      const stored = await devices();
      expect(stored).toHaveLength(allDevices.length);
      expect(stored.find((d) => d.device_id === online.deviceId)).toMatchObject({ status: 'offline', floor_id: floor.id });
      expect(stored.find((d) => d.device_id === renamed.deviceId)?.device_name).toBe('Renamed by VORTEX');

      // Already offline: not counted again.
      expect((await post('/v1/vortex/sync')).json<SyncResult>()).toMatchObject({ created: 0, marked_offline: 0 });
      fleet.push(online);
    });

    it('answers 502 and changes nothing when VORTEX is down', async () => {
      const before = await devices();
      const lastSync = (await t.app.inject({ method: 'GET', url: '/v1/vortex/credentials', headers: account.headers })).json<{ last_sync_at: string }>().last_sync_at;
      const gone = await startVortexSimulator();
      await gone.stop();
      await saveCredentials({ base_url: gone.url });
      expectProblem(await post('/v1/vortex/sync'), 502, 'could not be reached');
      expect(await devices()).toEqual(before);
      const after = (await t.app.inject({ method: 'GET', url: '/v1/vortex/credentials', headers: account.headers })).json<{ last_sync_at: string }>();
      expect(after.last_sync_at).toBe(lastSync);
      await saveCredentials({ base_url: sim.url });
    });
  });

  describe('POST /v1/devices/{id}/sync', () => {
    it('refreshes one device from VORTEX’s list', async () => {
      const index = fleet.findIndex((d) => d.type === 'NVR_CAMERA');
      const device = fleet[index]!;
      fleet[index] = { ...device, name: 'Only this one renamed' };
      const untouched = fleet.find((d) => d.deviceId !== device.deviceId)!;
      fleet[fleet.indexOf(untouched)] = { ...untouched, name: 'Not synced yet' };
      const response = await post(`/v1/devices/${device.deviceId}/sync`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Device>()).toMatchObject({ device_id: device.deviceId, device_name: 'Only this one renamed', device_type: 'NVR_CAMERA' });
      expect((await devices()).find((d) => d.device_id === untouched.deviceId)?.device_name).toBe(untouched.name);
      fleet[fleet.findIndex((d) => d.deviceId === untouched.deviceId)] = untouched;
    });

    it('marks a device VORTEX no longer lists offline and returns it', async () => {
      const building = await createBuilding(t.app, account.headers);
      const floor = await createFloor(t.app, account.headers, building.id);
      await placeDevice(t.app, account.headers, floor.id, 'LOCAL-ONLY-CAM');
      const response = await post('/v1/devices/LOCAL-ONLY-CAM/sync');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Device>()).toMatchObject({ device_id: 'LOCAL-ONLY-CAM', status: 'offline', floor_id: floor.id });
    });

    it('answers 404 for another organization’s device and for a bad id', async () => {
      expectProblem(await post('/v1/devices/OTHER-CAM-1/sync'), 404, 'Device not found');
      expectProblem(await post(`/v1/devices/${fleet[0]!.deviceId}/sync`, other), 404, 'Device not found');
      expectProblem(await post('/v1/devices/has%20space/sync'), 400, 'id');
    });
  });
});


describe.each(databaseKinds)('VORTEX sync through an injected connector factory (%s)', (kind) => {
  let t: TestApp;
  let account: Account;
  let list: () => VortexDevice[] = () => [];
  const seen: { baseUrl: string; apiKey: string }[] = [];
  const factory: VortexConnectorFactory = (settings) => {
    seen.push(settings);
    return new ListingConnector(() => list());
  };

  beforeAll(async () => {
    t = await build(kind, {}, { vortexConnectorFactory: factory });
    account = await createAccount(t.app, 'Fake');
    await t.app.inject({ method: 'POST', url: '/v1/vortex/credentials', headers: account.headers, payload: { base_url: 'https://vortex.example.test/', api_key: 'fake-key-1' } });
  });
  afterAll(() => t?.close());

  it('gives the factory the saved base URL and API key in clear, and a test without a version answers just ok', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/vortex/test-connection', headers: account.headers });
    expect(response.json()).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({ baseUrl: 'https://vortex.example.test', apiKey: 'fake-key-1' });
  });

  it('takes a device VORTEX lists twice once (the last entry wins)', async () => {
    const device = { deviceId: 'DUP-1', name: 'First', type: 'CAMERA', status: 'online' as const, mac: null };
    list = () => [device, { ...device, name: 'Second' }];
    const response = await t.app.inject({ method: 'POST', url: '/v1/vortex/sync', headers: account.headers });
    expect(response.json()).toMatchObject({ created: 1, updated: 0, total: 1 });
    const got = await t.app.inject({ method: 'GET', url: '/v1/devices/DUP-1', headers: account.headers });
    expect(got.json()).toMatchObject({ device_name: 'Second', status: 'online' });
  });

  it('turns a connector failure into a 502 with its message', async () => {
    list = () => {
      throw new VortexConnectorError('bad-response', 'VORTEX answered outside its contract: devices[0].status is missing or invalid');
    };
    expectProblem(await t.app.inject({ method: 'POST', url: '/v1/vortex/sync', headers: account.headers }), 502, 'devices[0].status');
  });
});
