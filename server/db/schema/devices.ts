import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { organizationId } from './organizations';

/** A security device known to the organization; `deviceId` is VORTEX's own device id. */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    organizationId: organizationId(),
    deviceId: text('device_id').notNull(),
    name: text('name').notNull(),
    /** CAMERA, NVR_CAMERA or another VORTEX type. */
    type: text('type').notNull(),
    /** online, offline or error. */
    status: text('status').notNull().default('offline'),
    mac: text('mac'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('devices_organization_device_id_key').on(t.organizationId, t.deviceId),
    index('devices_organization_mac_idx').on(t.organizationId, t.mac),
  ],
);
