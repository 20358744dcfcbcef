import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { devices } from '../db/schema';
import type { VortexDevice } from '../vortex/connector';

/** Queries that bring the organization's devices in line with VORTEX's device list (`POST /v1/vortex/sync`). */

/** Rows per statement: 7 values each stays far below PostgreSQL's 65 535 parameters. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Inserts the listed devices, or updates name, type, status and MAC (a null MAC keeps the
 * stored one) of those the organization has; `last_seen_at` becomes now for an online
 * device. Every written row's `updated_at` is the transaction's `now()`, which
 * {@link markUnlistedOffline} relies on, so call both in one transaction.
 * @param listed VORTEX's devices, each id once (see `uniqueById`)
 * @returns how many were new and how many the organization had
 */
export async function upsertListedDevices(tx: Executor, organizationId: string, listed: readonly VortexDevice[]): Promise<{ created: number; updated: number }> {
  let updated = 0;
  for (const part of chunks(listed)) {
    const ids = part.map((d) => d.deviceId);
    const [existing] = await tx.select({ n: count() }).from(devices).where(and(eq(devices.organizationId, organizationId), inArray(devices.deviceId, ids)));
    updated += existing?.n ?? 0;
    await tx
      .insert(devices)
      .values(
        part.map((d) => ({
          organizationId,
          deviceId: d.deviceId,
          name: d.name,
          type: d.type,
          status: d.status,
          mac: d.mac,
          lastSeenAt: d.status === 'online' ? sql`now()` : null,
        })),
      )
      .onConflictDoUpdate({
        target: [devices.organizationId, devices.deviceId],
        set: {
          name: sql`excluded.name`,
          type: sql`excluded.type`,
          status: sql`excluded.status`,
          mac: sql`coalesce(excluded.mac, ${devices.mac})`,
          lastSeenAt: sql`case when excluded.status = 'online' then now() else ${devices.lastSeenAt} end`,
          updatedAt: sql`now()`,
        },
      });
  }
  return { created: listed.length - updated, updated };
}

/**
 * Marks offline every device of the organization that the upsert of this transaction did
 * not touch (its `updated_at` is not the transaction's `now()`): VORTEX no longer lists
 * it. Devices are never deleted here, so placed devices keep their place and their events.
 * @returns how many devices went offline (those already offline are not counted)
 */
export async function markUnlistedOffline(tx: Executor, organizationId: string): Promise<number> {
  const rows = await tx
    .update(devices)
    .set({ status: 'offline', updatedAt: sql`now()` })
    .where(and(eq(devices.organizationId, organizationId), ne(devices.status, 'offline'), sql`${devices.updatedAt} <> now()`))
    .returning({ id: devices.id });
  return rows.length;
}

/** VORTEX's list with each device id once (the last entry wins), so one upsert never meets a row twice. */
export function uniqueById(listed: readonly VortexDevice[]): VortexDevice[] {
  return [...new Map(listed.map((d) => [d.deviceId, d])).values()];
}
