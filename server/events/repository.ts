import { and, desc, eq, gte, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { alerts, devices, events } from '../db/schema';

/** Queries for webhook events, always filtered by organization. */

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
/** The device an event was matched to: its VORTEX id (`mapped_device_id` on the wire) and name. */
export type MappedDevice = { pk: string; deviceId: string; name: string };
/** The alert an event raised (there is at most one per event). */
export type EventAlert = { id: string; resolved: boolean };
export type EventWithDevice = { event: EventRow; device: MappedDevice | null; alert: EventAlert | null };

const mappedDeviceColumns = { pk: devices.id, deviceId: devices.deviceId, name: devices.name };

/** Selects events with their matched device and their alert (left joins: unknown devices and alert-less events stay listed). */
export function selectEvents(db: Executor) {
  return db
    .select({ event: events, device: mappedDeviceColumns, alert: { id: alerts.id, resolved: alerts.resolved } })
    .from(events)
    .leftJoin(devices, eq(devices.id, events.mappedDevicePk))
    .leftJoin(alerts, eq(alerts.eventId, events.id));
}

/** The stored event of a delivery, by the idempotency key. */
export async function findEventByDelivery(
  db: Executor,
  key: { organizationId: string; vortexEventId: string; deviceId: string; localTime: Date },
): Promise<EventWithDevice | undefined> {
  const [row] = await selectEvents(db)
    .where(
      and(
        eq(events.organizationId, key.organizationId),
        eq(events.vortexEventId, key.vortexEventId),
        eq(events.deviceId, key.deviceId),
        eq(events.localTime, key.localTime),
      ),
    )
    .limit(1);
  return row;
}

/** One event of the organization by our id; undefined for another organization's. */
export async function findEvent(db: Executor, organizationId: string, id: string): Promise<EventWithDevice | undefined> {
  const [row] = await selectEvents(db)
    .where(and(eq(events.organizationId, organizationId), eq(events.id, id)))
    .limit(1);
  return row;
}

/** Filters of `GET /v1/events`; `from` inclusive, `to` exclusive, on the event's instant. */
export interface EventFilters {
  deviceId?: string | undefined;
  eventType?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/**
 * A page of the organization's events, newest received first, after the event `afterId`
 * (its exact `received_at` is read in SQL). `device_id` matches the id VORTEX sent or the
 * matched device's id. Fetches `limit + 1` rows so the caller can tell whether more exist.
 */
export async function listEvents(db: Executor, organizationId: string, filters: EventFilters, page: { limit: number; afterId?: string | undefined }): Promise<EventWithDevice[]> {
  const conditions = [eq(events.organizationId, organizationId)];
  if (filters.deviceId !== undefined) conditions.push(or(eq(events.deviceId, filters.deviceId), eq(devices.deviceId, filters.deviceId))!);
  if (filters.eventType !== undefined) conditions.push(eq(events.eventType, filters.eventType));
  if (filters.from !== undefined) conditions.push(gte(events.localTime, filters.from));
  if (filters.to !== undefined) conditions.push(lt(events.localTime, filters.to));
  if (page.afterId !== undefined) {
    conditions.push(
      sql`(${events.receivedAt}, ${events.id}) < (select e.received_at, e.id from ${events} e where e.id = ${page.afterId} and e.organization_id = ${organizationId})`,
    );
  }
  return selectEvents(db)
    .where(and(...conditions))
    .orderBy(desc(events.receivedAt), desc(events.id))
    .limit(page.limit + 1);
}

/**
 * The FileStore key of the thumbnail VORTEX sent with an event of `device` at the second
 * `atSeconds` (Unix seconds: the event's `local_time`, floored), the latest received when
 * several match; undefined when none has one. The device is the organization's, matched
 * as the events list matches it: by the event's mapped device or by VORTEX's device id.
 */
export async function findEventThumbnailKey(db: Executor, organizationId: string, device: { pk: string; deviceId: string }, atSeconds: number): Promise<string | undefined> {
  const from = new Date(atSeconds * 1000);
  const to = new Date((atSeconds + 1) * 1000);
  const [row] = await db
    .select({ key: events.thumbnailKey })
    .from(events)
    .where(
      and(
        eq(events.organizationId, organizationId),
        or(eq(events.mappedDevicePk, device.pk), eq(events.deviceId, device.deviceId)),
        gte(events.localTime, from),
        lt(events.localTime, to),
        isNotNull(events.thumbnailKey),
      ),
    )
    .orderBy(desc(events.receivedAt))
    .limit(1);
  return row?.key ?? undefined;
}
