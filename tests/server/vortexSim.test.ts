import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BUILDINGS, DEMO_UNPLACED_CAMERAS } from '../../server/demo/data';
import { VortexConnectorError } from '../../server/vortex/connector';
import { HttpVortexConnector } from '../../server/vortex/httpConnector';
import { simulatedFleet, statusAt, STATUS_SLOT_MS, type SimDevice } from '../../server/vortex-sim/devices';
import { startVortexSimulator, type RunningVortexSimulator } from '../../server/vortex-sim/httpServer';
import { frameTime, snapshotSvg } from '../../server/vortex-sim/snapshot';
import { parseVortexWebhook } from '../../server/vortex/payload';

const API_KEY = 'sim-test-key-41c7';
const demoCameras = [...DEMO_BUILDINGS.flatMap((b) => b.floors.flatMap((f) => f.cameras)), ...DEMO_UNPLACED_CAMERAS];

/** A device that stays online in every slot, so its snapshot always exists. */
const steadyCamera = (devices: readonly SimDevice[], now: number) =>
  devices.find((d) => d.type === 'CAMERA' && [0, 1, 2].every((k) => statusAt(d, now - k * STATUS_SLOT_MS) === 'online'));

describe('simulated fleet', () => {
  it("has the demo organization's 20 cameras with their ids, names and types, plus other VORTEX types", () => {
    const fleet = simulatedFleet();
    expect(demoCameras).toHaveLength(20);
    for (const camera of demoCameras) {
      expect(fleet).toContainEqual(expect.objectContaining({ deviceId: camera.id, name: camera.name, type: camera.type, status: camera.status }));
    }
    expect(fleet.some((d) => d.type === 'IO_MODULE')).toBe(true);
    expect(new Set(fleet.map((d) => d.deviceId)).size).toBe(fleet.length);
  });

  it('changes statuses now and then, the same way for every caller', () => {
    const fleet = simulatedFleet();
    const start = Date.UTC(2025, 10, 21);
    const slots = Array.from({ length: 200 }, (_, i) => start + i * STATUS_SLOT_MS);
    const changed = slots.filter((at) => fleet.some((d) => statusAt(d, at) !== d.status)).length;
    expect(changed).toBeGreaterThan(0);
    expect(changed).toBeLessThan(slots.length);
    for (const at of slots) for (const d of fleet) expect(statusAt(d, at + 1234)).toBe(statusAt(d, at));
  });
});

describe('snapshot frame', () => {
  it('burns in the device name (XML-escaped) and the ISO time in whole seconds', () => {
    const at = new Date('2025-11-21T10:00:05.678Z');
    const svg = snapshotSvg({ deviceId: '0002D1A4C7F1', name: 'Dock <1> & "2"', at });
    expect(frameTime(at)).toBe('2025-11-21T10:00:05Z');
    expect(svg).toContain('>2025-11-21T10:00:05Z</text>');
    expect(svg).toContain('>Dock &lt;1&gt; &amp; &quot;2&quot;</text>');
    expect(svg).not.toContain('VIDEO SIGNAL ERROR');
    expect(snapshotSvg({ deviceId: '0002D1A4C7F1', name: 'x', at, fault: true })).toContain('VIDEO SIGNAL ERROR');
  });
});

describe('VORTEX simulator over the HTTP contract, read by HttpVortexConnector', () => {
  let sim: RunningVortexSimulator;
  let connector: HttpVortexConnector;

  beforeAll(async () => {
    sim = await startVortexSimulator({ apiKey: API_KEY });
    connector = new HttpVortexConnector({ baseUrl: sim.url, apiKey: API_KEY });
  });
  afterAll(async () => {
    await sim.stop();
  });

  it('passes testConnection and reports its version', async () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await expect(connector.testConnection()).resolves.toEqual({ ok: true, version: '2.4.1' });
  });

  it('lists about twenty devices of types CAMERA, NVR_CAMERA and another, with their current statuses', async () => {
    const devices = await connector.listDevices();
    expect(devices.length).toBeGreaterThanOrEqual(20);
    expect(devices.length).toBeLessThanOrEqual(30);
    const types = new Set(devices.map((d) => d.type));
    expect(types.has('CAMERA')).toBe(true);
    expect(types.has('NVR_CAMERA')).toBe(true);
    expect([...types].some((t) => t !== 'CAMERA' && t !== 'NVR_CAMERA')).toBe(true);
    const now = Date.now();
    for (const device of devices) {
      const known = simulatedFleet().find((d) => d.deviceId === device.deviceId);
      expect(known).toBeDefined();
      // A slot boundary may fall between the request and this line.
      expect([statusAt(known!, now), statusAt(known!, now - 5_000)]).toContain(device.status);
    }
    expect(devices.find((d) => d.deviceId === '0002D1A4C7F1')?.mac).toBe('00:02:D1:A4:C7:F1');
  });

  it('serves a camera snapshot as a 640 x 360 JPEG, live and at a timestamp', async () => {
    const camera = steadyCamera(sim.devices, Date.now());
    expect(camera).toBeDefined();
    const live = await connector.getSnapshot(camera!.deviceId);
    expect(live.contentType).toBe('image/jpeg');
    const meta = await sharp(live.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    expect(live.data.length).toBeGreaterThan(2_000);
    expect(live.data.length).toBeLessThan(200_000);
    const atTime = await connector.getSnapshot(camera!.deviceId, Math.floor(Date.now() / 1000) - 60);
    expect((await sharp(atTime.data).metadata()).format).toBe('jpeg');
    expect(atTime.data.equals(live.data)).toBe(false);
  });

  it('answers not-found for an unknown device, a non-camera, and a time in the future', async () => {
    const io = sim.devices.find((d) => d.type === 'IO_MODULE')!;
    const camera = steadyCamera(sim.devices, Date.now())!;
    for (const call of [
      connector.getSnapshot('0002D1FFFFFF'),
      connector.getSnapshot(io.deviceId),
      connector.getSnapshot(camera.deviceId, Math.floor(Date.now() / 1000) + 3_600),
    ]) {
      await expect(call).rejects.toMatchObject({ kind: 'not-found', upstreamStatus: 404 });
    }
  });

  it('refuses a wrong API key as unauthorized, on every route', async () => {
    const wrong = new HttpVortexConnector({ baseUrl: sim.url, apiKey: 'not-the-key' });
    for (const call of [wrong.testConnection(), wrong.listDevices(), wrong.getSnapshot('0002D1A4C7F1')]) {
      const error = await call.then(() => null, (reason: unknown) => reason);
      expect(error).toBeInstanceOf(VortexConnectorError);
      expect(error).toMatchObject({ kind: 'unauthorized', upstreamStatus: 401 });
    }
    const bare = await fetch(`${sim.url}/api/v1/health`);
    expect(bare.status).toBe(401);
  });
});

/** Runs the CLI as `npx tsx server/vortex-sim/cli.ts` does (tsx as a Node loader, without npx's start-up). */
function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/vortex-sim/cli.ts', ...args], { timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('vortex:sim CLI', () => {
  it('documents every option with --help', async () => {
    const { code, stdout } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: npm run vortex:sim -- [options]');
    for (const option of ['--port', '--api-key', '--webhook-url', '--webhook-secret', '--rate', '--duration', '--seed', '--help']) expect(stdout).toContain(option);
    expect(stdout).toContain('X-Webhook-Secret');
  });

  it('refuses bad arguments with exit code 2', async () => {
    const noSecret = await runCli(['--webhook-url', 'http://127.0.0.1:9/x']);
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toContain('--webhook-secret is required with --webhook-url');
    const badRate = await runCli(['--rate', '0']);
    expect(badRate.code).toBe(2);
    expect(badRate.stderr).toContain('--rate must be');
  });

  it('serves, posts webhooks for --duration seconds, then stops and reports the counts', async () => {
    const bodies: { secret: string | undefined; body: string }[] = [];
    const receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        bodies.push({ secret: request.headers['x-webhook-secret'] as string | undefined, body });
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/v1/vortex/webhooks/c1`;
    try {
      const args = ['--port', '0', '--api-key', 'k1', '--webhook-url', target, '--webhook-secret', 's3cret', '--rate', '10', '--duration', '1.5', '--seed', '5'];
      const { code, stdout } = await runCli(args);
      expect(code).toBe(0);
      expect(stdout).toMatch(/VORTEX simulator listening on http:\/\/127\.0\.0\.1:\d+/);
      expect(stdout).toContain('API key:  k1');
      expect(stdout).toContain(`10 event/s to ${target} (seed 5)`);
      expect(stdout).toMatch(/Webhooks sent: \d+, failed: 0, dropped: 0\./);
      expect(bodies.length).toBeGreaterThanOrEqual(8);
      expect(bodies.length).toBeLessThanOrEqual(20);
      for (const { secret, body } of bodies) {
        expect(secret).toBe('s3cret');
        expect(parseVortexWebhook(JSON.parse(body)).eventId).toMatch(/^evt-/);
      }
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
