import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../../server/app';
import { loadConfig, type Config } from '../../../server/config';
import { openDatabase, type Database } from '../../../server/db/client';

/** Which databases the server suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const databaseKinds: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** Creates a uniquely named PostgreSQL database next to TEST_DATABASE_URL's; returns its URL and a dropper. */
async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `floorwatch_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Builds the app on a fresh database (in-memory PGlite, or a new PostgreSQL database that
 * is dropped on close) and a temporary DATA_DIR. Call `close()` in afterAll/afterEach.
 * `appOptions` adds to or overrides the app's options (e.g. a log stream, a heartbeat).
 */
export async function build(
  kind: 'pglite' | 'postgres' = 'pglite',
  env: Record<string, string> = {},
  appOptions: Partial<Omit<AppOptions, 'database'>> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'floorwatch-test-'));
  const pgDb = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    WEB_DIR: '',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: pgDb?.url });
  const app = await buildApp(config, { database, closeDatabase: true, logger: false, ...appOptions });
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      await pgDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
