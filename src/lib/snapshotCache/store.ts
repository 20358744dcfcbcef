/**
 * The snapshot records in IndexedDB, through `idb` (SPEC.md sections 3 and 8). Every
 * operation catches its own failure, logs it and answers a neutral value, because a
 * browser may refuse storage (private mode, quota) and the app must still show images.
 */
import { openDB } from 'idb';
import type { DBSchema, IDBPDatabase } from 'idb';
import { logger } from '../logger';
import type { SnapshotRecord } from './policy';

/** Counts of what is stored. */
export interface SnapshotStoreStats {
  count: number;
  /** Sum of the records' `size`, bytes. */
  totalSize: number;
}

/** What the cache needs from a record store; the IndexedDB one below, or a test double. */
export interface SnapshotStore {
  /** Stores (or replaces) a record. Resolves false when it could not be stored. */
  put(record: SnapshotRecord): Promise<boolean>;
  /** The record under `cacheKey`, or null when absent or unreadable. */
  get(cacheKey: string): Promise<SnapshotRecord | null>;
  delete(cacheKey: string): Promise<void>;
  clear(): Promise<void>;
  stats(): Promise<SnapshotStoreStats>;
  /** Removes records fetched before `cutoffMs` (ms since epoch); resolves how many went. */
  deleteOlderThan(cutoffMs: number): Promise<number>;
}

/** Name of the IndexedDB database. */
export const SNAPSHOT_DB_NAME = 'floorwatch-snapshots';
const STORE = 'snapshots';
const BY_TIMESTAMP = 'by-timestamp';

interface SnapshotDb extends DBSchema {
  snapshots: { key: string; value: SnapshotRecord; indexes: { 'by-timestamp': number } };
}

/**
 * Opens (and on first use creates) the snapshot database. The connection is opened
 * lazily on the first operation and reused; a failed open is retried on the next one.
 * @param dbName the database's name; tests pass their own so runs never share one
 */
export function createIndexedDbSnapshotStore(dbName: string = SNAPSHOT_DB_NAME): SnapshotStore {
  let db: Promise<IDBPDatabase<SnapshotDb>> | null = null;
  const open = (): Promise<IDBPDatabase<SnapshotDb>> => {
    db ??= openDB<SnapshotDb>(dbName, 1, {
      upgrade(database) {
        const store = database.createObjectStore(STORE, { keyPath: 'cacheKey' });
        store.createIndex(BY_TIMESTAMP, 'timestamp');
      },
    }).catch((error: unknown) => {
      db = null;
      throw error;
    });
    return db;
  };

  /** Runs `operation`, logging a failure as `what` and answering `fallback` instead. */
  async function guarded<T>(what: string, fallback: T, operation: (database: IDBPDatabase<SnapshotDb>) => Promise<T>): Promise<T> {
    try {
      return await operation(await open());
    } catch (error) {
      logger.error(`Snapshot cache: ${what} failed`, error);
      return fallback;
    }
  }

  return {
    put: (record) => guarded('store', false, async (database) => (await database.put(STORE, record), true)),
    get: (cacheKey) => guarded('read', null, async (database) => (await database.get(STORE, cacheKey)) ?? null),
    delete: (cacheKey) => guarded('delete', undefined, (database) => database.delete(STORE, cacheKey)),
    clear: () => guarded('clear', undefined, (database) => database.clear(STORE)),
    stats: () =>
      guarded('stats', { count: 0, totalSize: 0 }, async (database) => {
        const records = await database.getAll(STORE);
        return { count: records.length, totalSize: records.reduce((sum, r) => sum + r.size, 0) };
      }),
    deleteOlderThan: (cutoffMs) =>
      guarded('cleanup', 0, async (database) => {
        const tx = database.transaction(STORE, 'readwrite');
        let removed = 0;
        let cursor = await tx.store.index(BY_TIMESTAMP).openCursor(IDBKeyRange.upperBound(cutoffMs, true));
        while (cursor) {
          await cursor.delete();
          removed += 1;
          cursor = await cursor.continue();
        }
        await tx.done;
        return removed;
      }),
  };
}
