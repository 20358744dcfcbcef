import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { events } from '../../../server/db/schema';
import { eventView } from '../../../server/events/view';
import type { BusMessage } from '../../../server/realtime/eventBus';

export type StoredEvent = typeof events.$inferSelect;

/** A webhook event row as the receiver would store it, received `receivedAgoMs` before now (database default when omitted). */
function eventValues(organizationId: string, receivedAgoMs?: number): typeof events.$inferInsert {
  return {
    organizationId,
    vortexEventId: randomUUID(),
    deviceId: 'cam-1',
    deviceName: 'Lobby camera',
    deviceMac: '00:11:22:33:44:55',
    eventType: 'Video motion',
    eventName: 'Motion detected',
    localTime: new Date('2026-11-21T10:00:05Z'),
    ...(receivedAgoMs === undefined ? {} : { receivedAt: new Date(Date.now() - receivedAgoMs) }),
    raw: {},
  };
}

/** Inserts one event straight through the schema (the receiver's repository is not needed). */
export async function insertEvent(app: FastifyInstance, organizationId: string, receivedAgoMs?: number): Promise<StoredEvent> {
  const [row] = await app.db.insert(events).values(eventValues(organizationId, receivedAgoMs)).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Inserts `count` events one millisecond apart, the newest received `newestAgoMs` ago; returns them oldest first. */
export async function insertEvents(app: FastifyInstance, organizationId: string, count: number, newestAgoMs = 1_000): Promise<StoredEvent[]> {
  const values = Array.from({ length: count }, (_, i) => eventValues(organizationId, newestAgoMs + (count - 1 - i)));
  const rows = await app.db.insert(events).values(values).returning();
  return rows.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
}

/** What the receiver publishes for a stored row with no matched device. */
export function messageOf(row: StoredEvent): BusMessage {
  return { organizationId: row.organizationId, event: eventView({ event: row, device: null, alert: null }) };
}
