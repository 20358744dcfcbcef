import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { vortexConnections } from '../db/schema';
import { openSecret, sealSecret, type VortexSecretKey } from './secrets';

/** Queries for an organization's VORTEX connection; secrets are sealed before they are stored. */

export type VortexConnectionRow = typeof vortexConnections.$inferSelect;

/** What an organization configures for VORTEX, in clear; sealed by {@link saveConnection}. */
export interface VortexConnectionInput {
  organizationId: string;
  /** Absolute http(s) URL of the VORTEX adapter (see README "The HTTP contract"). */
  baseUrl: string;
  apiKey: string;
  /** What VORTEX sends in `X-Webhook-Secret`; at least one character. */
  webhookSecret: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The AAD of each sealed field: binds it to its organization and column. */
const context = (organizationId: string, field: 'api_key' | 'webhook_secret') => `${organizationId}:${field}`;

/**
 * Finds a connection by its id alone, for the webhook receiver: that route is not
 * authenticated, so the organization comes from the connection and the webhook secret
 * proves the caller. An id that is not a UUID finds nothing (it can never exist).
 */
export async function findConnectionById(db: Executor, connectionId: string): Promise<VortexConnectionRow | undefined> {
  if (!UUID.test(connectionId)) return undefined;
  const [row] = await db.select().from(vortexConnections).where(eq(vortexConnections.id, connectionId)).limit(1);
  return row;
}

/** {@link findConnectionById} for many ids in one query (ids that are not UUIDs find nothing); keyed by id. */
export async function findConnectionsByIds(db: Executor, connectionIds: readonly string[]): Promise<Map<string, VortexConnectionRow>> {
  const ids = connectionIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(vortexConnections).where(inArray(vortexConnections.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The organization's connection (there is at most one), or undefined. */
export async function findOrganizationConnection(db: Executor, organizationId: string): Promise<VortexConnectionRow | undefined> {
  const [row] = await db.select().from(vortexConnections).where(eq(vortexConnections.organizationId, organizationId)).limit(1);
  return row;
}

/**
 * Creates the organization's connection, or replaces its base URL and secrets, keeping
 * its id (so the webhook URL configured in VORTEX stays valid).
 * @throws Error when the API key or webhook secret is empty.
 */
export async function saveConnection(db: Executor, key: VortexSecretKey, input: VortexConnectionInput): Promise<VortexConnectionRow> {
  if (input.apiKey.length === 0 || input.webhookSecret.length === 0) throw new Error('VORTEX API key and webhook secret must not be empty');
  const values = {
    organizationId: input.organizationId,
    baseUrl: input.baseUrl,
    apiKeyEncrypted: sealSecret(key, input.apiKey, context(input.organizationId, 'api_key')),
    apiKeyLast4: input.apiKey.slice(-4),
    webhookSecretEncrypted: sealSecret(key, input.webhookSecret, context(input.organizationId, 'webhook_secret')),
  };
  const [row] = await db
    .insert(vortexConnections)
    .values(values)
    .onConflictDoUpdate({
      target: vortexConnections.organizationId,
      set: {
        baseUrl: values.baseUrl,
        apiKeyEncrypted: values.apiKeyEncrypted,
        apiKeyLast4: values.apiKeyLast4,
        webhookSecretEncrypted: values.webhookSecretEncrypted,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('save VORTEX connection returned nothing');
  return row;
}

/**
 * The connection's webhook secret in clear.
 * @throws SecretDecryptionError when it was sealed with another key (JWT_SECRET rotated).
 */
export const webhookSecretOf = (key: VortexSecretKey, row: VortexConnectionRow): string =>
  openSecret(key, row.webhookSecretEncrypted, context(row.organizationId, 'webhook_secret'));

/**
 * The connection's API key in clear, for a `VortexConnector`.
 * @throws SecretDecryptionError when it was sealed with another key (JWT_SECRET rotated).
 */
export const apiKeyOf = (key: VortexSecretKey, row: VortexConnectionRow): string =>
  openSecret(key, row.apiKeyEncrypted, context(row.organizationId, 'api_key'));

/** Records that the organization's devices were just synced from VORTEX (`last_sync_at`, database clock). */
export async function markSynced(db: Executor, organizationId: string): Promise<Date | null> {
  const [row] = await db
    .update(vortexConnections)
    .set({ lastSyncAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(vortexConnections.organizationId, organizationId))
    .returning({ lastSyncAt: vortexConnections.lastSyncAt });
  return row?.lastSyncAt ?? null;
}
