import { boolean, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { organizationId } from './organizations';
import { events } from './events';
import { users } from './users';

/**
 * An alert raised by an Intrusion, Line crossing or Tampering event; unresolved until
 * resolved. One per event: the event's wire view carries it, and deleting the event (the
 * retention job) deletes it through the cascade, found by the event id index.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    organizationId: organizationId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    resolved: boolean('resolved').notNull().default(false),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('alerts_organization_resolved_idx').on(t.organizationId, t.resolved), uniqueIndex('alerts_event_key').on(t.eventId)],
);
