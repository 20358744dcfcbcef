import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { organizationId } from './organizations';
import { devices } from './devices';

/**
 * A VORTEX webhook event. Idempotent on (VORTEX event id, VORTEX device id, event time),
 * because VORTEX's eventId alone can repeat across deliveries.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    organizationId: organizationId(),
    vortexEventId: text('vortex_event_id').notNull(),
    /** VORTEX device id as sent. */
    deviceId: text('device_id').notNull(),
    deviceName: text('device_name'),
    deviceMac: text('device_mac'),
    /** Our device matched by VORTEX id or MAC (`mapped_device_id`); null for unknown devices. */
    mappedDevicePk: uuid('mapped_device_pk').references(() => devices.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    eventName: text('event_name'),
    localTime: timestamp('local_time', { withTimezone: true, mode: 'date' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** FileStore key of the snapshot sent inline as `thumbnail`. */
    thumbnailKey: text('thumbnail_key'),
    raw: jsonb('raw').notNull(),
  },
  (t) => [
    uniqueIndex('events_idempotency_key').on(t.organizationId, t.vortexEventId, t.deviceId, t.localTime),
    index('events_organization_received_idx').on(t.organizationId, t.receivedAt),
    index('events_mapped_device_idx').on(t.mappedDevicePk),
    // An event's snapshot is looked up by VORTEX's device id and second (also a device filter of the events list).
    index('events_device_time_idx').on(t.organizationId, t.deviceId, t.localTime),
  ],
);
