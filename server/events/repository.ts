import { and, desc, eq, getTableColumns, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
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

/**
 * The organization's device a webhook names: by VORTEX device id first, else by MAC.
 * `mac` is normalised (`AA:BB:CC:DD:EE:FF`); stored MACs are compared by their twelve hex
 * digits, so any spelling a bulk import stored still matches.
 */
export async function findDeviceForEvent(db: Executor, organizationId: string, deviceId: string, mac: string | null): Promise<MappedDevice | undefined> {
  const [byId] = await db
    .select(mappedDeviceColumns)
    .from(devices)
    .where(and(eq(devices.organizationId, organizationId), eq(devices.deviceId, deviceId)))
    .limit(1);
  if (byId || mac === null) return byId;
  const hex = mac.replace(/:/g, '');
  const [byMac] = await db
    .select(mappedDeviceColumns)
    .from(devices)
    .where(and(eq(devices.organizationId, organizationId), sql`upper(regexp_replace(${devices.mac}, '[^0-9A-Fa-f]', '', 'g')) = ${hex}`))
    .orderBy(devices.createdAt)
    .limit(1);
  return byMac;
}

/**
 * Inserts an event unless the same delivery (organization, VORTEX event id, VORTEX
 * device id, event time) is stored already: `ON CONFLICT DO NOTHING` on the idempotency
 * index, so concurrent retries cannot both insert.
 * @returns the new row, or undefined for a repeated delivery.
 */
export async function insertEventOnce(db: Executor, values: NewEventRow): Promise<EventRow | undefined> {
  const [row] = await db
    .insert(events)
    .values(values)
    .onConflictDoNothing({ target: [events.organizationId, events.vortexEventId, events.deviceId, events.localTime] })
    .returning();
  return row;
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

/** What one webhook names to find its device: VORTEX's device id and, when sent, the normalised MAC. */
export interface DeviceLookup {
  deviceId: string;
  mac: string | null;
}

/**
 * {@link findDeviceForEvent} for many deliveries of one organization in one query (the
 * batched ingest, server/events/ingestQueue.ts): each lookup's device by VORTEX id, else
 * the earliest created device with its MAC (compared by the twelve hex digits), else null.
 * @returns one entry per lookup, in the same order
 */
export async function findDevicesForEvents(db: Executor, organizationId: string, lookups: readonly DeviceLookup[]): Promise<(MappedDevice | null)[]> {
  if (lookups.length === 0) return [];
  const hexOf = (mac: string) => mac.replace(/[^0-9A-Fa-f]/g, '').toUpperCase();
  const ids = [...new Set(lookups.map((l) => l.deviceId))];
  const hexes = [...new Set(lookups.flatMap((l) => (l.mac === null ? [] : [hexOf(l.mac)])))];
  const storedHex = sql<string>`upper(regexp_replace(${devices.mac}, '[^0-9A-Fa-f]', '', 'g'))`;
  const rows = await db
    .select({ ...mappedDeviceColumns, hex: storedHex })
    .from(devices)
    .where(and(eq(devices.organizationId, organizationId), hexes.length > 0 ? or(inArray(devices.deviceId, ids), inArray(storedHex, hexes)) : inArray(devices.deviceId, ids)))
    .orderBy(devices.createdAt);
  const byId = new Map<string, MappedDevice>();
  const byHex = new Map<string, MappedDevice>();
  for (const { hex, ...device } of rows) {
    if (!byId.has(device.deviceId)) byId.set(device.deviceId, device);
    // Oldest first: the first device with a MAC wins, as findDeviceForEvent orders it.
    if (hex && !byHex.has(hex)) byHex.set(hex, device);
  }
  return lookups.map((l) => byId.get(l.deviceId) ?? (l.mac === null ? undefined : byHex.get(hexOf(l.mac))) ?? null);
}

/**
 * {@link insertEventOnce} for many rows in one statement: each row is inserted unless its
 * delivery is stored already (or repeated earlier in `values`). `received_at` ascends a
 * microsecond apart in the order of `values` (from the transaction's `now()`), so the
 * stream's replay, ordered by (received_at, id), keeps the order they were published in.
 * @returns the rows inserted; a repeated delivery has none (match them by `id`)
 */
export async function insertEventsOnce(db: Executor, values: (Omit<NewEventRow, 'receivedAt'> & { id: string })[]): Promise<EventRow[]> {
  if (values.length === 0) return [];
  // Not `raw` back: the caller has it, and reading a whole webhook body back costs as much as the insert.
  const { raw: _raw, ...returned } = getTableColumns(events);
  const rows = await db
    .insert(events)
    .values(values.map((value, i) => ({ ...value, receivedAt: sql`now() + (${i}::int * interval '1 microsecond')` })))
    .onConflictDoNothing({ target: [events.organizationId, events.vortexEventId, events.deviceId, events.localTime] })
    .returning(returned);
  const rawById = new Map(values.map((value) => [value.id, value.raw]));
  return rows.map((row) => ({ ...row, raw: rawById.get(row.id) }));
}
