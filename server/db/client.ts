import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

/** The Drizzle database, whichever driver is behind it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handle; repositories accept `Db | Tx` through `Executor`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The node-postgres pool, for LISTEN/NOTIFY; undefined on PGlite. */
  pool: pg.Pool | undefined;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database and applies the SQL migrations (the same files on both drivers).
 * @param options.databaseUrl `postgres://…`, or undefined for embedded PGlite.
 * @param options.pgliteDir directory of the embedded database; undefined keeps it in memory (tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  pgliteDir?: string | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // A lost or stuck connection fails the request instead of hanging it.
      statement_timeout: 15_000,
      query_timeout: 20_000,
    });
    // Without a listener, an idle client's network error would crash the process.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL pool error: ${error.message}`);
    });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', pool: undefined, close: () => client.close() };
}
