import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { organizationId } from './organizations';

/** The organization's VORTEX connection; API key and webhook secret encrypted at rest. */
export const vortexConnections = pgTable(
  'vortex_connections',
  {
    id: id(),
    organizationId: organizationId(),
    baseUrl: text('base_url').notNull(),
    apiKeyEncrypted: text('api_key_encrypted').notNull(),
    apiKeyLast4: text('api_key_last4').notNull(),
    webhookSecretEncrypted: text('webhook_secret_encrypted').notNull(),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('vortex_connections_organization_key').on(t.organizationId)],
);
