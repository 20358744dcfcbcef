import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { alerts, devices, events } from '../db/schema';
import type { MappedDevice } from '../events/repository';

/** Queries for alerts, always filtered by organization. */

export type AlertRow = typeof alerts.$inferSelect;
export type AlertWithEvent = { alert: AlertRow; event: typeof events.$inferSelect; device: MappedDevice | null };

function selectAlerts(db: Executor) {
  return db
    .select({ alert: alerts, event: events, device: { pk: devices.id, deviceId: devices.deviceId, name: devices.name } })
    .from(alerts)
    .innerJoin(events, eq(events.id, alerts.eventId))
    .leftJoin(devices, eq(devices.id, events.mappedDevicePk));
}

export interface AlertFilters {
  resolved?: boolean | undefined;
  eventType?: string | undefined;
  deviceId?: string | undefined;
}

/**
 * A page of the organization's alerts with their events, newest first on (created_at,
 * id), after the alert `afterId`. Fetches `limit + 1` rows so the caller can tell
 * whether more exist.
 */
export async function listAlerts(db: Executor, organizationId: string, filters: AlertFilters, page: { limit: number; afterId?: string | undefined }): Promise<AlertWithEvent[]> {
  const conditions: SQL[] = [eq(alerts.organizationId, organizationId)];
  if (filters.resolved !== undefined) conditions.push(eq(alerts.resolved, filters.resolved));
  if (filters.eventType !== undefined) conditions.push(eq(events.eventType, filters.eventType));
  if (filters.deviceId !== undefined) conditions.push(or(eq(events.deviceId, filters.deviceId), eq(devices.deviceId, filters.deviceId)) as SQL);
  if (page.afterId !== undefined) {
    conditions.push(sql`(${alerts.createdAt}, ${alerts.id}) < (select a.created_at, a.id from ${alerts} a where a.id = ${page.afterId} and a.organization_id = ${organizationId})`);
  }
  return selectAlerts(db)
    .where(and(...conditions))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(page.limit + 1);
}

/** One alert of the organization with its event; undefined for another organization's. */
export async function findAlert(db: Executor, organizationId: string, id: string): Promise<AlertWithEvent | undefined> {
  const [row] = await selectAlerts(db)
    .where(and(eq(alerts.organizationId, organizationId), eq(alerts.id, id)))
    .limit(1);
  return row;
}

/**
 * Marks the organization's alert resolved by `userId` now. Resolving again keeps the
 * first resolution's time and user (SPEC.md section 4: unresolved to resolved, once).
 * @returns whether the organization has such an alert.
 */
export async function resolveAlert(db: Executor, organizationId: string, id: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(alerts)
    .set({ resolved: true, resolvedAt: sql`coalesce(${alerts.resolvedAt}, now())`, resolvedBy: sql`case when ${alerts.resolved} then ${alerts.resolvedBy} else ${userId}::uuid end` })
    .where(and(eq(alerts.organizationId, organizationId), eq(alerts.id, id)))
    .returning({ id: alerts.id });
  return rows.length > 0;
}
