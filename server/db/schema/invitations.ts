import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { organizationId } from './organizations';
import { users } from './users';

/**
 * An invitation of a colleague by email into an organization (issue 5). The mailed link
 * carries an opaque token stored here as its SHA-256 hash; it lives 7 days and is consumed
 * when the colleague sets a password. Pending invitations count against `max_members`.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: organizationId(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The member who sent it; null once that member is deleted. */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_organization_idx').on(t.organizationId),
    index('invitations_email_idx').on(t.email),
  ],
);
