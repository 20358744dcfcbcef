import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { organizationId } from './organizations';
import { users } from './users';
import { alerts } from './alerts';

/** A notification for one user, unread until read. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    organizationId: organizationId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body'),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  // alert_id is indexed so that deleting an alert (the events retention job) finds its notifications without a scan.
  (t) => [index('notifications_user_read_idx').on(t.userId, t.read), index('notifications_alert_idx').on(t.alertId)],
);
