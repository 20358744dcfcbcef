import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type TestApp } from './helpers/build';
import { createAccount } from './helpers/accounts';
import { assertStream, openSse, type SseStream } from './helpers/sseClient';
import { createConnection, freshDevice, freshEventId, registerDevice, vortexSample } from './helpers/vortex';

const ROOT = path.resolve(__dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  origin: string;
}

/**
 * Starts `server/main.ts` as its own process on the test database, on a port the OS picks;
 * resolves with its address once Fastify logs that it listens.
 */
function startServer(databaseUrl: string, jwtSecret: string, dataDir: string): Promise<ServerProcess> {
  const child = spawn(TSX, ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIR: '', SEED_DEMO: 'false', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 45_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening?.[1]) {
        clearTimeout(timer);
        resolve({ child, origin: listening[1] });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${output}`));
    });
  });
}

/** Stops a server process started here (SIGTERM: close-with-grace closes the app) and waits for it to exit. */
async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let t: TestApp;
  let dataDir: string;
  const servers: ServerProcess[] = [];
  const streams: SseStream[] = [];

  beforeAll(async () => {
    t = await build('postgres');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'floorwatch-nodes-'));
    const url = t.config.databaseUrl as string;
    // One after the other: both would run the migrations at once otherwise.
    servers.push(await startServer(url, t.config.jwtSecret, path.join(dataDir, 'a')));
    servers.push(await startServer(url, t.config.jwtSecret, path.join(dataDir, 'b')));
  }, 120_000);
  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const server of servers) await stopServer(server);
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('delivers a webhook posted to one process to an SSE client of the other', async () => {
    const [receiving, streaming] = servers;
    if (!receiving || !streaming) throw new Error('servers not started');
    const account = await createAccount(t.app, 'Processes');
    const connection = await createConnection(t, account.organizationId);
    const device = freshDevice();
    await registerDevice(t.app, account.organizationId, device);

    const stream = assertStream(await openSse(`${streaming.origin}/v1/events/stream?token=${account.accessToken}`));
    streams.push(stream);
    await stream.next('connected', 5_000);

    const response = await fetch(`${receiving.origin}/v1/vortex/webhooks/${connection.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-secret': connection.secret },
      body: JSON.stringify({ ...vortexSample('intrusion.json'), eventId: freshEventId(), deviceId: device.deviceId }),
    });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };

    const delivered = await stream.next('webhook_event', 10_000);
    expect(delivered.lastEventId).toBe(id);
    expect(JSON.parse(delivered.data)).toMatchObject({ id, device_id: device.deviceId, mapped_device_id: device.deviceId, event_type: 'Intrusion' });
  });
});
