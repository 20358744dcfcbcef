import { coalescingLoader } from '../db/coalescingLoader';
import type { Executor } from '../db/client';
import { findConnectionsByIds, webhookSecretOf, type VortexConnectionRow } from './repository';
import { secretDigest, type VortexSecretKey } from './secrets';

/** What the webhook receiver needs of a connection: its organization and its secret's digest. */
export interface WebhookConnection {
  id: string;
  organizationId: string;
  /** SHA-256 of the webhook secret in clear (see `secretMatches`); the secret itself is not kept. */
  secretDigest: Buffer;
}

export interface WebhookConnectionCacheOptions {
  /** How long a looked-up connection is trusted without reading it again, in ms; default 5 000. */
  ttlMs?: number;
  /** Most connections kept; when full the cache simply starts over. Default 10 000. */
  maxEntries?: number;
  /** Clock in ms (tests). */
  now?: () => number;
}

/** Default time a cached connection is trusted, in ms. */
export const CONNECTION_CACHE_TTL_MS = 5_000;

/**
 * The webhook receiver's connection lookups (DESIGN.md "Real time", step 1), cached: the
 * realtime bench (scenario c) found one lookup query plus one AES-GCM decryption per
 * delivery costing more than storing the event. A connection found is kept for `ttlMs`
 * with its secret's digest; a connection not found is never cached (so a new one works at
 * once), and concurrent misses share one query.
 *
 * Freshness: saving credentials in this process (a rotated secret, a new base URL) calls
 * {@link invalidate}, so the old secret is refused from the next request on. Another
 * server process on the same database (PostgreSQL) sees a rotation or a deleted
 * organization within `ttlMs`. A lookup that was running when its id was invalidated is
 * answered but not cached.
 */
export class WebhookConnectionCache {
  private readonly entries = new Map<string, { connection: WebhookConnection; expiresAt: number }>();
  /** Bumped by every invalidation, so a lookup that started before it is not cached. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly loadMany: (id: string) => Promise<VortexConnectionRow | undefined>;

  /**
   * @param findMany loads connections by id (ids that are not UUIDs find nothing)
   * @param digestOf the SHA-256 digest of a row's webhook secret; may throw (a secret that
   *   no longer decrypts), which the lookup then throws
   */
  constructor(
    findMany: (ids: string[]) => Promise<Map<string, VortexConnectionRow>>,
    private readonly digestOf: (row: VortexConnectionRow) => Buffer,
    options: WebhookConnectionCacheOptions = {},
  ) {
    this.loadMany = coalescingLoader(findMany);
    this.ttlMs = options.ttlMs ?? CONNECTION_CACHE_TTL_MS;
    this.maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  /**
   * The connection `id` (lower-cased by the caller), from the cache when fresh.
   * @returns undefined when there is no such connection
   * @throws what the lookup or `digestOf` throws (nothing is cached then)
   */
  async get(id: string): Promise<WebhookConnection | undefined> {
    const cached = this.entries.get(id);
    if (cached && cached.expiresAt > this.now()) return cached.connection;
    const generation = this.generation;
    const row = await this.loadMany(id);
    if (!row) {
      this.entries.delete(id);
      return undefined;
    }
    const connection: WebhookConnection = { id: row.id, organizationId: row.organizationId, secretDigest: this.digestOf(row) };
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(id, { connection, expiresAt: this.now() + this.ttlMs });
    }
    return connection;
  }

  /** Forgets connection `id` (its credentials were just saved): the next request reads it again. */
  invalidate(id: string): void {
    this.generation++;
    this.entries.delete(id.toLowerCase());
  }
}

/**
 * The app's {@link WebhookConnectionCache} over `db`: connections read by
 * `findConnectionsByIds`, secrets opened with `key`.
 */
export const webhookConnectionCache = (db: Executor, key: VortexSecretKey, options?: WebhookConnectionCacheOptions): WebhookConnectionCache =>
  new WebhookConnectionCache(
    (ids) => findConnectionsByIds(db, ids),
    (row) => secretDigest(webhookSecretOf(key, row)),
    options,
  );

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The webhook receiver's connection cache: whatever saves a connection's credentials
     * outside the credentials route (a script, a test) calls `invalidate(id)` after it.
     */
    webhookConnections: WebhookConnectionCache;
  }
}

