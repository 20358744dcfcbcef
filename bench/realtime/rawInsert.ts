/**
 * The database's raw insert rate, the yardstick for webhook ingest (the live-events
 * issue: ingest at least 0.6× it): single-row `INSERT`s into the events table, each its
 * own statement (autocommit), with the row an ingested webhook stores (its JSON body as
 * `raw`), `concurrency` at a time, as fast as the database takes them. Runs as its own
 * process (like the server), driven over IPC (bench/realtime/protocol.ts).
 *
 * PostgreSQL: the bench's own database, a separate organization. PGlite: a fresh
 * embedded database in `pgliteDir`, migrated to the same schema (the server's directory
 * is open in the server process, and PGlite allows one process per directory).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { createOrganizationWithUser } from '../../server/organizations/repository';
import type { RawInsertReply, RawInsertRequest } from './protocol';
import { WebhookBodies } from './webhookBody';

interface Queryable {
  query(text: string, params: unknown[]): Promise<unknown>;
}

const INSERT = `insert into events (organization_id, vortex_event_id, device_id, device_name, device_mac, event_type, event_name, local_time, raw)
  values ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8), $9)`;

async function measure(request: RawInsertRequest): Promise<RawInsertReply> {
  const database = await openDatabase({ databaseUrl: request.databaseUrl, pgliteDir: request.databaseUrl ? undefined : request.pgliteDir });
  try {
    const { organization } = await createOrganizationWithUser(database.db, {
      organizationName: 'Raw insert yardstick',
      email: `raw-${randomUUID()}@bench.test`,
      name: 'Raw insert',
      passwordHash: null,
    });
    // On PostgreSQL a pool of its own with a connection for each insert in flight: the
    // server's pool (10 connections) would hold `concurrency` above 10 to 10.
    const pool = request.databaseUrl ? new pg.Pool({ connectionString: request.databaseUrl, max: request.concurrency }) : null;
    const client: Queryable = pool ?? (database.db as unknown as { $client: Queryable }).$client;
    // Rows made before the clock starts: on PGlite the database shares this process's CPU.
    const bodies = new WebhookBodies(7);
    const run = Date.now().toString(36);
    const rowsToCycle = Array.from({ length: 64 }, (_, n) => {
      const body = bodies.body({ run, seq: n, after: n - 1, sentMicros: 0 });
      const p = JSON.parse(body) as Record<string, string | number>;
      return [organization.id, p.eventId, p.deviceId, p.deviceName, p.mac || null, p.eventType, p.eventName, p.localTime, body];
    });
    let seq = 0;
    let rows = 0;
    const start = performance.now();
    const measureFrom = start + request.warmupMs;
    const end = measureFrom + request.durationMs;
    let measuredUntil = measureFrom;
    async function lane(): Promise<void> {
      while (performance.now() < end) {
        const n = seq++;
        const row = [...(rowsToCycle[n % rowsToCycle.length] as unknown[])];
        row[1] = `evt-${run}-${n}`;
        await client.query(INSERT, row);
        const now = performance.now();
        if (now >= measureFrom && now <= end) {
          rows++;
          measuredUntil = now;
        }
      }
    }
    await Promise.all(Array.from({ length: request.concurrency }, lane)).finally(() => pool?.end());
    return { type: 'rawDone', rows, rowsPerSecond: rows / Math.max(0.001, (measuredUntil - measureFrom) / 1000) };
  } finally {
    await database.close();
  }
}

process.on('message', (message: RawInsertRequest) => {
  measure(message)
    .then((reply) => process.send?.(reply))
    .catch((error: unknown) => {
      console.error('raw insert failed:', error);
      process.exit(1);
    });
});
process.on('disconnect', () => process.exit(0));
