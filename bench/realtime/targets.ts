/**
 * The two servers under test, each its own process, seen the same way by the bench: a
 * stream URL, a webhook URL and secret, and a pid whose memory and CPU /proc shows.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/client';
import { upsertDevices } from '../../server/devices/repository';
import { createOrganizationWithUser } from '../../server/organizations/repository';
import { saveConnection } from '../../server/vortex/repository';
import { deriveVortexKey } from '../../server/vortex/secrets';
import { startChild, waitForOutput, type Child } from './children';
import { inspectorUrlIn } from './inspector';
import { BENCH_FLEET } from './webhookBody';

export type TargetName = 'Floorwatch' | 'reference';

export interface BenchTarget {
  name: TargetName;
  /** The server's node process. */
  pid: number;
  /** `GET /v1/events/stream?token=…`, ready for an EventSource. */
  streamUrl: string;
  webhookUrl: string;
  secret: string;
  /** The server's inspector (see bench/realtime/inspector.ts), when it was started with one. */
  inspectorUrl: string | undefined;
  /** What the server printed (Floorwatch logs at warn: dropped slow clients, errors). */
  output(): string;
  stop(): Promise<void>;
}

/** Options for starting a server process. */
export interface StartOptions {
  /** Open files the server needs (its connections plus some). */
  openFiles: number;
  /** Extra node options, e.g. `--cpu-prof --cpu-prof-dir=…`. */
  nodeArgs?: string[];
  /** Starts the server with `--inspect=127.0.0.1:0`, for a GC before each memory reading. */
  inspect?: boolean;
}

const nodeArgsOf = (options: StartOptions) => [...(options.inspect ? ['--inspect=127.0.0.1:0'] : []), ...(options.nodeArgs ?? [])];

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

const REFERENCE_TOKEN = 'reference-token';
const REFERENCE_SECRET = 'reference-secret';

/** Starts bench/realtime/reference.ts and resolves once it listens. */
export async function startReference(options: StartOptions): Promise<BenchTarget> {
  const child = startChild('bench/realtime/reference.ts', {
    env: { PORT: '0', REFERENCE_TOKEN, REFERENCE_SECRET },
    capture: true,
    openFiles: options.openFiles,
    nodeArgs: nodeArgsOf(options),
  });
  const origin = await waitForOutput(child, /reference listening on (http:\/\/127\.0\.0\.1:\d+)/, 30_000);
  return {
    name: 'reference',
    pid: child.pid,
    streamUrl: `${origin}/v1/events/stream?token=${REFERENCE_TOKEN}`,
    webhookUrl: `${origin}/v1/vortex/webhooks/reference`,
    secret: REFERENCE_SECRET,
    inspectorUrl: inspectorUrlIn(child.output()),
    output: () => child.output(),
    stop: () => child.stop(),
  };
}

/** Floorwatch's data, made once per bench and reused by every server start. */
export interface FloorwatchSetup {
  dataDir: string;
  jwtSecret: string;
  /** The bench's own PostgreSQL database, or undefined for PGlite in `dataDir/db`. */
  databaseUrl: string | undefined;
  email: string;
  password: string;
  connectionId: string;
  webhookSecret: string;
  /** Removes the data directory and drops the bench's PostgreSQL database. */
  dispose(): Promise<void>;
}

/** Creates a scratch database next to `baseUrl`'s; returns its URL and a dropper. */
async function scratchPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `floorwatch_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } catch (error) {
    throw new Error(`could not create the bench's database ${name} with DATABASE_URL's role (it needs CREATEDB): ${(error as Error).message}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Makes Floorwatch's data as a user would have it: an organization with one user, its
 * VORTEX connection (through the repository, as `POST /v1/vortex/credentials` saves it)
 * and the simulator's devices (as a VORTEX sync registers them).
 * @param baseDatabaseUrl DATABASE_URL: a scratch database is created beside it; undefined for PGlite
 */
export async function prepareFloorwatch(baseDatabaseUrl: string | undefined): Promise<FloorwatchSetup> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'floorwatch-bench-'));
  const scratch = baseDatabaseUrl ? await scratchPostgres(baseDatabaseUrl) : undefined;
  const jwtSecret = randomBytes(36).toString('base64url');
  const email = 'bench@floorwatch.test';
  const password = 'correct horse battery staple';
  const webhookSecret = `whsec-${randomBytes(18).toString('base64url')}`;
  const database = await openDatabase({ databaseUrl: scratch?.url, pgliteDir: path.join(dataDir, 'db') });
  try {
    const { organization } = await createOrganizationWithUser(database.db, { organizationName: 'Bench', email, name: 'Bench Operator', passwordHash: await hashPassword(password) });
    const connection = await saveConnection(database.db, deriveVortexKey(jwtSecret), {
      organizationId: organization.id,
      baseUrl: 'http://127.0.0.1:9/vortex',
      apiKey: 'vx-bench-key-0001',
      webhookSecret,
    });
    await upsertDevices(
      database.db,
      BENCH_FLEET.map((d) => ({ organizationId: organization.id, deviceId: d.deviceId, name: d.name, type: d.type, status: d.status, mac: d.mac })),
    );
    return {
      dataDir,
      jwtSecret,
      databaseUrl: scratch?.url,
      email,
      password,
      connectionId: connection.id,
      webhookSecret,
      async dispose() {
        await rm(dataDir, { recursive: true, force: true });
        await scratch?.drop();
      },
    };
  } finally {
    await database.close();
  }
}

/** Polls `GET /v1/health` until it answers 200. */
async function waitHealthy(child: Child, origin: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`Floorwatch exited early:\n${child.output().slice(-3000)}`);
    try {
      if ((await fetch(`${origin}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Floorwatch did not become healthy in ${timeoutMs} ms:\n${child.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts `server/main.ts` as `npm start` would, on `setup`'s data, and signs in through
 * the login route for the stream's token (valid 15 minutes: one start serves one scenario).
 * The per-connection webhook rate limit is lifted so the load measures the server, not the limit.
 */
export async function startFloorwatch(setup: FloorwatchSetup, options: StartOptions): Promise<BenchTarget> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = startChild('server/main.ts', {
    env: {
      DATA_DIR: setup.dataDir,
      JWT_SECRET: setup.jwtSecret,
      DATABASE_URL: setup.databaseUrl ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      SEED_DEMO: 'false',
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      VORTEX_WEBHOOK_RATE_LIMIT: '1000000',
    },
    capture: true,
    openFiles: options.openFiles,
    nodeArgs: nodeArgsOf(options),
  });
  try {
    await waitHealthy(child, origin, 90_000);
    const response = await fetch(`${origin}/v1/auth/password/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: setup.email, password: setup.password }),
    });
    if (response.status !== 200) throw new Error(`login failed (${response.status}): ${await response.text()}`);
    const { access_token: token } = (await response.json()) as { access_token: string };
    return {
      name: 'Floorwatch',
      pid: child.pid,
      streamUrl: `${origin}/v1/events/stream?token=${encodeURIComponent(token)}`,
      webhookUrl: `${origin}/v1/vortex/webhooks/${setup.connectionId}`,
      secret: setup.webhookSecret,
      inspectorUrl: inspectorUrlIn(child.output()),
      output: () => child.output(),
      stop: () => child.stop(),
    };
  } catch (error) {
    await child.stop();
    throw error;
  }
}
